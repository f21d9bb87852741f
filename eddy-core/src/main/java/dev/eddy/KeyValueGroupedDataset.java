package dev.eddy;

import dev.eddy.function.FlatMapGroupsWithStateFunction;
import dev.eddy.function.MapFunction;
import dev.eddy.function.MapGroupsWithStateFunction;
import dev.eddy.internal.plan.GroupFunction;
import dev.eddy.internal.plan.LogicalPlan;
import dev.eddy.streaming.GroupState;
import dev.eddy.streaming.GroupStateTimeout;
import dev.eddy.streaming.OutputMode;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Rows grouped by key, the input of the stateful operators. The overloads are Spark's Java ones;
 * lambdas need no casts because each position takes one functional interface.
 *
 * <p>The state function is called once per key that has data in a batch, once per key that timed
 * out, and in batch 0 once per key of the initial state. Rows reach it in arrival order. See
 * {@link GroupState} for the rules of state and timeouts.
 *
 * <p>Thread safety: immutable.
 *
 * @param <K> the key type
 * @param <V> the row type
 */
public final class KeyValueGroupedDataset<K, V> {
  private final Dataset<V> parent;
  private final MapFunction<V, K> keyFn;
  private final Encoder<K> keyEncoder;

  KeyValueGroupedDataset(Dataset<V> parent, MapFunction<V, K> keyFn, Encoder<K> keyEncoder) {
    this.parent = parent;
    this.keyFn = keyFn;
    this.keyEncoder = keyEncoder;
  }

  /** {@code mapGroupsWithState} without timeouts: one output row per call; Update mode only. */
  public <S, U> Dataset<U> mapGroupsWithState(
      MapGroupsWithStateFunction<K, V, S, U> func, Encoder<S> stateEncoder, Encoder<U> outputEncoder) {
    return mapGroupsWithState(func, stateEncoder, outputEncoder, GroupStateTimeout.NoTimeout());
  }

  /** {@code mapGroupsWithState} with a timeout mode. */
  public <S, U> Dataset<U> mapGroupsWithState(
      MapGroupsWithStateFunction<K, V, S, U> func,
      Encoder<S> stateEncoder,
      Encoder<U> outputEncoder,
      GroupStateTimeout timeoutConf) {
    return mapGroups(func, stateEncoder, outputEncoder, timeoutConf, null);
  }

  /** {@code mapGroupsWithState} with a timeout mode and an initial state applied in batch 0. */
  public <S, U> Dataset<U> mapGroupsWithState(
      MapGroupsWithStateFunction<K, V, S, U> func,
      Encoder<S> stateEncoder,
      Encoder<U> outputEncoder,
      GroupStateTimeout timeoutConf,
      KeyValueGroupedDataset<K, S> initialState) {
    return mapGroups(func, stateEncoder, outputEncoder, timeoutConf, initialState);
  }

  /**
   * {@code flatMapGroupsWithState}: zero or more output rows per call. {@code outputMode} must be
   * the query's output mode (Append or Update).
   *
   * @throws IllegalArgumentException for Complete mode
   */
  public <S, U> Dataset<U> flatMapGroupsWithState(
      FlatMapGroupsWithStateFunction<K, V, S, U> func,
      OutputMode outputMode,
      Encoder<S> stateEncoder,
      Encoder<U> outputEncoder,
      GroupStateTimeout timeoutConf) {
    return flatMapGroupsWithState(func, outputMode, stateEncoder, outputEncoder, timeoutConf, null);
  }

  /** {@code flatMapGroupsWithState} with an initial state applied in batch 0. */
  @SuppressWarnings("unchecked")
  public <S, U> Dataset<U> flatMapGroupsWithState(
      FlatMapGroupsWithStateFunction<K, V, S, U> func,
      OutputMode outputMode,
      Encoder<S> stateEncoder,
      Encoder<U> outputEncoder,
      GroupStateTimeout timeoutConf,
      KeyValueGroupedDataset<K, S> initialState) {
    String name = callSite("flatMapGroupsWithState");
    if (outputMode == OutputMode.Complete()) {
      throw new IllegalArgumentException(
          "Complete output mode is not supported by " + name + "; use OutputMode.Append() or OutputMode.Update()");
    }
    GroupFunction fn = (key, values, state) ->
        (Iterator<Object>) func.call((K) key, (Iterator<V>) values, (GroupState<S>) (GroupState<?>) state);
    return build(fn, stateEncoder, outputEncoder, outputMode, timeoutConf, false, initialState, name);
  }

  @SuppressWarnings("unchecked")
  private <S, U> Dataset<U> mapGroups(
      MapGroupsWithStateFunction<K, V, S, U> func,
      Encoder<S> stateEncoder,
      Encoder<U> outputEncoder,
      GroupStateTimeout timeoutConf,
      KeyValueGroupedDataset<K, S> initialState) {
    String name = callSite("mapGroupsWithState");
    GroupFunction fn = (key, values, state) -> Collections.singletonList(
        (Object) func.call((K) key, (Iterator<V>) values, (GroupState<S>) (GroupState<?>) state)).iterator();
    return build(fn, stateEncoder, outputEncoder, OutputMode.Update(), timeoutConf, true, initialState, name);
  }

  @SuppressWarnings("unchecked")
  private <S, U> Dataset<U> build(
      GroupFunction fn,
      Encoder<S> stateEncoder,
      Encoder<U> outputEncoder,
      OutputMode mode,
      GroupStateTimeout timeout,
      boolean isMapGroups,
      KeyValueGroupedDataset<K, S> initialState,
      String name) {
    if (timeout == null) {
      throw new IllegalArgumentException(name + ": timeoutConf must not be null; use GroupStateTimeout.NoTimeout()");
    }
    List<Map.Entry<Object, Object>> initial = initialState == null ? null : initialState.collectPairs(name);
    LogicalPlan node =
        new LogicalPlan.FlatMapGroupsWithState(
            parent.plan(), (MapFunction<Object, Object>) (MapFunction<?, ?>) keyFn, keyEncoder, fn, stateEncoder,
            outputEncoder, mode, timeout, isMapGroups, initial, name);
    return new Dataset<>(parent.session(), node);
  }

  /**
   * The (key, value) pairs of a static grouped dataset, for use as initial state.
   *
   * @throws IllegalArgumentException when a key occurs twice (SEMANTICS Q3) or the dataset streams
   */
  private List<Map.Entry<Object, Object>> collectPairs(String operator) {
    if (parent.isStreaming()) {
      throw new IllegalArgumentException("Initial state of " + operator + " must be a static dataset, not a stream");
    }
    List<Map.Entry<Object, Object>> out = new ArrayList<>();
    Set<Object> seen = new HashSet<>();
    for (V v : parent.collectAsList()) {
      K k;
      try {
        k = keyFn.call(v);
      } catch (Exception e) {
        throw new IllegalArgumentException("Key function of the initial state of " + operator + " failed: " + e, e);
      }
      if (!seen.add(k)) {
        throw new IllegalArgumentException(
            "Initial state of " + operator + " has the key '" + k + "' more than once; each key may have one initial state");
      }
      out.add(new AbstractMap.SimpleImmutableEntry<>(k, v));
    }
    return out;
  }

  /** "op at Class.method(File.java:line)" for the user's frame that called the operator. */
  private static String callSite(String op) {
    return StackWalker.getInstance()
        .walk(frames -> frames
            .filter(f -> !f.getClassName().equals(KeyValueGroupedDataset.class.getName()))
            .findFirst()
            .map(f -> op + " at " + simpleName(f.getClassName()) + "." + f.getMethodName() + "(" + f.getFileName() + ":"
                + f.getLineNumber() + ")")
            .orElse(op));
  }

  private static String simpleName(String className) {
    return className.substring(className.lastIndexOf('.') + 1);
  }
}
