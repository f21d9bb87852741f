package dev.eddy.function;

import dev.eddy.streaming.GroupState;
import java.io.Serializable;
import java.util.Iterator;

/**
 * The user function of {@code mapGroupsWithState}: called once per key that has data in a batch
 * (or timed out, or has initial state in batch 0), returns exactly one output row.
 *
 * <p>The iterator and the {@link GroupState} are valid only during the call.
 */
@FunctionalInterface
public interface MapGroupsWithStateFunction<K, V, S, R> extends Serializable {
  /**
   * The output row of {@code key} for this call, computed from its {@code values} (empty on a
   * timeout) and its {@code state}; see the package comment for threads and errors.
   */
  R call(K key, Iterator<V> values, GroupState<S> state) throws Exception;
}
