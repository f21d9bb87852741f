package dev.eddy.internal.exec;

import dev.eddy.internal.plan.GroupFunction;
import dev.eddy.internal.plan.LogicalPlan;
import dev.eddy.internal.state.StateEntry;
import dev.eddy.internal.state.StateEntryEncoder;
import dev.eddy.internal.state.TimerIndex;
import dev.eddy.spi.ColumnFamily;
import dev.eddy.spi.RowConsumer;
import dev.eddy.spi.StateStore;
import dev.eddy.spi.StateStoreProvider;
import dev.eddy.spi.StateTable;
import dev.eddy.streaming.GroupState;
import dev.eddy.streaming.GroupStateTimeout;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Executes {@code (flat)MapGroupsWithState} for one state partition per task: the data calls,
 * then the timeouts, then write-back of each call (SEMANTICS B1–B7). State lives in the
 * partition's {@link StateStore} under one column family: with a timeout mode, of {@link
 * StateEntry} (value and timeout); with {@code NoTimeout}, of the user's state values themselves,
 * as no entry can then have a timeout or lack a value — one object less per key. Pending timeouts
 * live in a {@link TimerIndex} rebuilt from the store whenever the store is opened at a version
 * the index does not describe (first batch, restart, after an abort).
 *
 * <p>Thread safety: tasks of different partitions run concurrently; each partition's provider,
 * timer index and grouper are touched by one task at a time.
 */
final class StatefulOperator {
  static final String STATE_CF = "state";

  private final LogicalPlan.FlatMapGroupsWithState node;
  private final int numPartitions;
  private final StateStoreProvider[] providers;
  /** Store version = batch id − versionBase (non-zero after the state layout was migrated). */
  private final long versionBase;
  private final ColumnFamily<Object, Object> stateCf;
  /** Whether entries are {@link StateEntry} (a timeout mode) rather than bare state values. */
  private final boolean entriesHaveTimeouts;
  private final TimerIndex<Object>[] timers;
  private final long[] timersVersion;
  private final KeyGrouper[] groupers;
  private final boolean watermarkPresent;
  private final List<LogicalPlan> postNodes;
  private final List<Map<Object, Object>> initialState;

  /** One partition's work in one batch, committed or aborted together with the others. */
  static final class PartitionOutcome {
    final int partition;
    final StateStore store;
    final List<Object> output = new ArrayList<>();
    final OperatorMetrics metrics = new OperatorMetrics();

    PartitionOutcome(int partition, StateStore store) {
      this.partition = partition;
      this.store = store;
    }
  }

  @SuppressWarnings("unchecked")
  StatefulOperator(
      LogicalPlan.FlatMapGroupsWithState node,
      StateStoreProvider[] providers,
      long versionBase,
      boolean watermarkPresent,
      List<LogicalPlan> postNodes) {
    this.node = node;
    this.versionBase = versionBase;
    this.numPartitions = providers.length;
    this.providers = providers;
    this.watermarkPresent = watermarkPresent;
    this.postNodes = postNodes;
    this.stateCf = stateColumnFamily(node);
    this.entriesHaveTimeouts = node.timeout() != GroupStateTimeout.NoTimeout();
    this.timers = new TimerIndex[numPartitions];
    this.timersVersion = new long[numPartitions];
    this.groupers = new KeyGrouper[numPartitions];
    for (int p = 0; p < numPartitions; p++) {
      timers[p] = new TimerIndex<>();
      timersVersion[p] = -1;
      groupers[p] = new KeyGrouper();
    }
    this.initialState = new ArrayList<>();
    for (int p = 0; p < numPartitions; p++) {
      initialState.add(new LinkedHashMap<>());
    }
    if (node.initialState() != null) {
      for (Map.Entry<Object, Object> e : node.initialState()) {
        int p = ShuffleBuffer.partition(ShuffleBuffer.hash(e.getKey()), numPartitions);
        if (initialState.get(p).put(e.getKey(), e.getValue()) != null) {
          throw new IllegalArgumentException(
              "Initial state of " + node.name() + " has the key '" + e.getKey() + "' more than once");
        }
      }
    }
  }

  /**
   * The column family the operator keeps its per-key entries in: {@link StateEntry} values with a
   * timeout mode, the user's state values with {@code NoTimeout}. The state layout records the
   * timeout mode, so a checkpoint is always read with the form it was written in.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static ColumnFamily<Object, Object> stateColumnFamily(LogicalPlan.FlatMapGroupsWithState node) {
    return node.timeout() == GroupStateTimeout.NoTimeout()
        ? new ColumnFamily(STATE_CF, node.keyEncoder(), node.stateEncoder())
        : new ColumnFamily(STATE_CF, node.keyEncoder(), new StateEntryEncoder(node.stateEncoder()));
  }

  private Object valueOf(Object entry) {
    return entry == null ? null : entriesHaveTimeouts ? ((StateEntry) entry).value() : entry;
  }

  private long timeoutOf(Object entry) {
    return entry == null || !entriesHaveTimeouts ? StateEntry.NO_TIMESTAMP : ((StateEntry) entry).timeoutMs();
  }

  private Object entry(Object value, long timeoutMs) {
    return entriesHaveTimeouts ? new StateEntry(value, timeoutMs) : value;
  }

  String name() {
    return node.name();
  }

  int numPartitions() {
    return numPartitions;
  }

  GroupStateTimeout timeout() {
    return node.timeout();
  }

  /** Whether some key of some partition has a pending timeout. */
  boolean hasPendingTimeouts() {
    for (TimerIndex<Object> t : timers) {
      if (t.size() > 0) {
        return true;
      }
    }
    return false;
  }

  /**
   * Runs partition {@code p} of batch {@code ctx}: calls for keys with data, initial state (batch
   * 0), then expired timeouts. The store stays open; the caller commits or aborts it.
   */
  PartitionOutcome process(int p, ShuffleBuffer[] inputs, BatchContext ctx) throws Exception {
    StateStore store = providers[p].getStore(ctx.batchId() - versionBase);
    PartitionOutcome out = new PartitionOutcome(p, store);
    try {
      run(p, inputs, ctx, store, out);
    } catch (Exception | Error e) {
      store.abort();
      timersVersion[p] = -1;
      throw e;
    } finally {
      groupers[p].release();
    }
    return out;
  }

  private void run(int p, ShuffleBuffer[] inputs, BatchContext ctx, StateStore store, PartitionOutcome out)
      throws Exception {
    StateTable<Object, Object> table = store.table(stateCf);
    TimerIndex<Object> timerIndex = timers[p];
    if (timersVersion[p] != ctx.batchId()) {
      rebuildTimers(table, timerIndex);
    }
    List<Object> output = out.output;
    RowConsumer<Object> emit = Pipeline.build(postNodes, List.of(), null, output::add);
    KeyGrouper grouper = groupers[p];
    grouper.group(inputs);
    table.prefetch(grouper.keys());

    long start = System.nanoTime();
    Map<Object, Object> initial = ctx.batchId() == 0 ? initialState.get(p) : Map.of();
    for (int g = 0; g < grouper.groupCount(); g++) {
      Object key = grouper.key(g);
      Object entry = table.get(key);
      if (entry == null && initial.containsKey(key)) {
        entry = entry(initial.get(key), StateEntry.NO_TIMESTAMP);
        table.put(key, entry);
      }
      call(key, grouper.values(g), entry, false, ctx, table, timerIndex, emit, out.metrics);
    }
    for (Map.Entry<Object, Object> e : initial.entrySet()) {
      if (!grouper.contains(e.getKey())) {
        Object entry = entry(e.getValue(), StateEntry.NO_TIMESTAMP);
        table.put(e.getKey(), entry);
        call(e.getKey(), Collections.emptyIterator(), entry, false, ctx, table, timerIndex, emit, out.metrics);
      }
    }
    long afterData = System.nanoTime();
    out.metrics.allUpdatesTimeNs = afterData - start;

    long threshold = timeoutThreshold(ctx);
    if (threshold != Long.MIN_VALUE) {
      List<Object> expired = new ArrayList<>();
      timerIndex.pollExpired(threshold, expired::add);
      for (Object key : expired) {
        Object entry = table.get(key);
        out.metrics.numTimeouts++;
        call(key, Collections.emptyIterator(), entry, true, ctx, table, timerIndex, emit, out.metrics);
      }
    }
    out.metrics.allRemovalsTimeNs = System.nanoTime() - afterData;
    timersVersion[p] = ctx.batchId() + 1;
  }

  /** The threshold below which timeouts fire in this batch, or MIN_VALUE when none can. */
  private long timeoutThreshold(BatchContext ctx) {
    if (node.timeout() == GroupStateTimeout.ProcessingTimeTimeout()) {
      return ctx.timestampMs();
    }
    if (node.timeout() == GroupStateTimeout.EventTimeTimeout() && watermarkPresent) {
      return ctx.evictionWatermarkMs();
    }
    return Long.MIN_VALUE;
  }

  private void rebuildTimers(StateTable<Object, Object> table, TimerIndex<Object> timerIndex) {
    timerIndex.clear();
    if (!entriesHaveTimeouts) {
      return;
    }
    for (Iterator<Map.Entry<Object, Object>> it = table.iterator(); it.hasNext(); ) {
      Map.Entry<Object, Object> e = it.next();
      long timeoutMs = timeoutOf(e.getValue());
      if (timeoutMs != StateEntry.NO_TIMESTAMP) {
        timerIndex.set(e.getKey(), timeoutMs);
      }
    }
  }

  @SuppressWarnings("unchecked")
  private void call(
      Object key,
      Iterator<Object> values,
      Object entry,
      boolean timedOut,
      BatchContext ctx,
      StateTable<Object, Object> table,
      TimerIndex<Object> timerIndex,
      RowConsumer<Object> emit,
      OperatorMetrics metrics)
      throws Exception {
    long oldTimeout = timeoutOf(entry);
    GroupStateImpl<Object> state =
        new GroupStateImpl<>(
            valueOf(entry),
            ctx.timestampMs(),
            ctx.evictionWatermarkMs(),
            watermarkPresent,
            node.timeout(),
            timedOut);
    GroupFunction fn = node.fn();
    try {
      Iterator<Object> results = fn.call(key, values, (GroupState<Object>) state);
      while (results.hasNext()) {
        emit.accept(results.next());
      }
    } catch (Exception | LinkageError | AssertionError e) {
      throw new StateFunctionException(node.name(), ctx.batchId(), key, e);
    }
    long newTimeout = state.timeoutTimestampMs();
    if (state.isRemoved() && newTimeout == StateEntry.NO_TIMESTAMP) {
      table.remove(key);
      metrics.numRowsRemoved++;
    } else if (state.isUpdated() || state.isRemoved() || newTimeout != oldTimeout) {
      table.put(key, entry(state.value(), newTimeout));
      metrics.numRowsUpdated++;
    }
    if (newTimeout != oldTimeout || timedOut) {
      if (newTimeout == StateEntry.NO_TIMESTAMP) {
        timerIndex.cancel(key);
      } else {
        timerIndex.set(key, newTimeout);
      }
    }
  }

  /** Commits partition work and records the commit time and the store's metrics in its outcome. */
  void commit(PartitionOutcome outcome) {
    long t0 = System.nanoTime();
    outcome.store.commit();
    outcome.metrics.commitTimeNs = System.nanoTime() - t0;
    var m = outcome.store.metrics();
    outcome.metrics.numRowsTotal = m.numKeys();
    outcome.metrics.memoryUsedBytes = m.memoryUsedBytes();
    outcome.metrics.custom.putAll(m.customMetrics());
  }

  /** Aborts partition work that will not be committed. */
  void abort(PartitionOutcome outcome) {
    if (!outcome.store.hasCommitted()) {
      outcome.store.abort();
      timersVersion[outcome.partition] = -1;
    }
  }

  /** Closes every partition's provider. */
  void close() {
    for (StateStoreProvider p : providers) {
      p.close();
    }
  }

  /** Runs background maintenance of every partition's provider. */
  void doMaintenance() {
    for (StateStoreProvider p : providers) {
      p.doMaintenance();
    }
  }
}
