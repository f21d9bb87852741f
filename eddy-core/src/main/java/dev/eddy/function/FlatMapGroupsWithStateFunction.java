package dev.eddy.function;

import dev.eddy.streaming.GroupState;
import java.io.Serializable;
import java.util.Iterator;

/**
 * The user function of {@code flatMapGroupsWithState}: called once per key that has data in a
 * batch (or timed out, or has initial state in batch 0), returns zero or more output rows.
 *
 * <p>The iterator and the {@link GroupState} are valid only during the call; the returned iterator
 * is drained before the call's state changes are written.
 */
@FunctionalInterface
public interface FlatMapGroupsWithStateFunction<K, V, S, R> extends Serializable {
  /**
   * The output rows of {@code key} for this call, possibly none, computed from its {@code values}
   * (empty on a timeout) and its {@code state}; see the package comment for threads and errors.
   */
  Iterator<R> call(K key, Iterator<V> values, GroupState<S> state) throws Exception;
}
