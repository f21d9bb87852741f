package dev.eddy.internal.exec;

import dev.eddy.internal.checkpoint.OffsetEntry;
import dev.eddy.internal.checkpoint.QueryCheckpoint;
import dev.eddy.internal.plan.QueryPlan;
import dev.eddy.spi.InputPartition;
import dev.eddy.spi.Offset;
import dev.eddy.spi.RowConsumer;
import dev.eddy.spi.Sink;
import dev.eddy.spi.Source;
import dev.eddy.streaming.GroupStateTimeout;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * Plans and runs micro-batches. The exactly-once protocol (SEMANTICS C1, C2):
 *
 * <ol>
 *   <li><b>Plan.</b> Ask the source for its latest offset; decide whether a batch is due (new
 *       data, or a no-data batch the stateful operator needs, SEMANTICS W4); fix the batch
 *       timestamp, the eviction watermark and the late-row watermark.
 *   <li><b>Log offsets.</b> Write {@code offsets/N} (range, timestamp, watermarks) durably.
 *   <li><b>Run.</b> Read the range in parallel per input partition through the stateless steps,
 *       hash-partition rows by key, run the stateful operator per state partition in parallel
 *       against state version N.
 *   <li><b>Commit state.</b> Only when every partition succeeded, commit each as version N+1;
 *       otherwise abort them all, so a failed batch leaves no state version.
 *   <li><b>Sink.</b> Hand the output to the sink with batch id N (sinks ignore a batch id they
 *       already have).
 *   <li><b>Commit.</b> Write {@code commits/N} with the new watermark; tell the source.
 * </ol>
 *
 * On start, a batch whose offsets are logged but which has no commit is re-executed first with
 * exactly the logged range, timestamp and watermarks, so state and output equal those of a run
 * that never stopped.
 *
 * <p>Thread safety: used by the query thread only; it hands tasks to the worker pool and waits
 * for them.
 */
final class MicroBatchExecution {
  /** A batch that ran, for progress reporting. */
  record BatchRun(
      OffsetEntry offsets,
      long inputRows,
      long outputRows,
      OperatorMetrics operatorMetrics,
      MapStats eventTimes,
      long latestOffsetNs,
      long walCommitNs,
      long getBatchNs,
      long addBatchNs,
      long commitOffsetsNs,
      String latestOffset) {}

  /** Event-time statistics of a batch's rows at the first watermark operator. */
  record MapStats(long min, long max, long sum, long count) {}

  private final QueryPlan plan;
  private final Source<Object> source;
  private final Sink<Object> sink;
  private final StatefulOperator operator;
  private final WatermarkTracker watermarks;
  private final QueryCheckpoint checkpoint;
  private final ExecutorService workers;
  private final boolean noDataBatchesEnabled;

  private long nextBatchId;
  private String committedEnd;
  private long lastEvictionWatermark;
  private boolean ranBatchThisRun;
  private OffsetEntry pending;
  private final List<ShuffleBuffer[]> bufferPool = new ArrayList<>();

  MicroBatchExecution(
      QueryPlan plan,
      Source<Object> source,
      Sink<Object> sink,
      StatefulOperator operator,
      WatermarkTracker watermarks,
      QueryCheckpoint checkpoint,
      ExecutorService workers,
      boolean noDataBatchesEnabled) {
    this.plan = plan;
    this.source = source;
    this.sink = sink;
    this.operator = operator;
    this.watermarks = watermarks;
    this.checkpoint = checkpoint;
    this.workers = workers;
    this.noDataBatchesEnabled = noDataBatchesEnabled;
    recover();
  }

  /** Picks up where the checkpoint left off (SEMANTICS C2). */
  private void recover() {
    Optional<QueryCheckpoint.CommitEntry> commit = checkpoint.latestCommit();
    Optional<OffsetEntry> latest = checkpoint.latestOffsets();
    if (commit.isPresent()) {
      long committed = commit.get().batchId();
      nextBatchId = committed + 1;
      OffsetEntry committedOffsets = checkpoint.offsets(committed).orElseThrow(
          () -> new IllegalStateException("Checkpoint has commit " + committed + " but no offsets for it"));
      committedEnd = committedOffsets.endOffset();
      lastEvictionWatermark = committedOffsets.watermarkMs();
      watermarks.restore(commit.get().nextWatermarkMs());
      if (committedEnd != null) {
        source.commit(source.deserializeOffset(committedEnd));
      }
    }
    if (latest.isPresent() && latest.get().batchId() == nextBatchId) {
      pending = latest.get();
      watermarks.restore(pending.watermarkMs());
    }
  }

  long nextBatchId() {
    return nextBatchId;
  }

  /**
   * Runs at most one batch at {@code timestampMs}, reading up to {@code limit} when not null.
   * Returns the run, or null when no batch was due.
   */
  BatchRun runOneBatch(long timestampMs, Offset limit) throws Exception {
    long t0 = System.nanoTime();
    if (pending != null) {
      OffsetEntry entry = pending;
      pending = null;
      return execute(entry, 0, 0, null);
    }
    Offset latest = limit != null ? limit : source.latestOffset();
    String latestJson = latest == null ? null : latest.json();
    long latestOffsetNs = System.nanoTime() - t0;
    boolean newData = latestJson != null && !latestJson.equals(committedEnd);
    if (!newData && !noDataBatchDue()) {
      return null;
    }
    long evict = watermarks.current();
    long late = nextBatchId == 0 ? 0 : lastEvictionWatermark;
    OffsetEntry entry =
        new OffsetEntry(nextBatchId, committedEnd, newData ? latestJson : committedEnd, timestampMs, evict, late);
    long t1 = System.nanoTime();
    checkpoint.writeOffsets(entry);
    return execute(entry, latestOffsetNs, System.nanoTime() - t1, latestJson);
  }

  /** SEMANTICS W4: whether the stateful operator needs a batch although no data arrived. */
  private boolean noDataBatchDue() {
    if (!noDataBatchesEnabled || operator == null || !ranBatchThisRun) {
      return false;
    }
    GroupStateTimeout timeout = operator.timeout();
    if (timeout == GroupStateTimeout.ProcessingTimeTimeout()) {
      return operator.hasPendingTimeouts();
    }
    if (timeout == GroupStateTimeout.EventTimeTimeout()) {
      return watermarks.present() && watermarks.current() > lastEvictionWatermark;
    }
    return false;
  }

  private BatchRun execute(OffsetEntry entry, long latestOffsetNs, long walNs, String latestJson) throws Exception {
    BatchContext ctx = new BatchContext(entry.batchId(), entry.timestampMs(), entry.watermarkMs(), entry.lateWatermarkMs());
    long t0 = System.nanoTime();
    List<InputPartition<Object>> partitions =
        Objects.equals(entry.startOffset(), entry.endOffset())
            ? List.of()
            : source.planInputPartitions(
                entry.startOffset() == null ? null : source.deserializeOffset(entry.startOffset()),
                source.deserializeOffset(entry.endOffset()));
    long getBatchNs = System.nanoTime() - t0;

    long t1 = System.nanoTime();
    List<MapTaskResult> mapped = runMapStage(partitions, ctx);
    OperatorMetrics metrics = null;
    List<Object> output;
    if (operator != null) {
      metrics = new OperatorMetrics();
      output = runStatefulStage(mapped, ctx, metrics);
    } else {
      output = new ArrayList<>();
      for (MapTaskResult r : mapped) {
        output.addAll(r.rows);
      }
    }
    sink.addBatch(entry.batchId(), output);
    long addBatchNs = System.nanoTime() - t1;

    long t2 = System.nanoTime();
    long[] maxima = new long[plan.watermarks().size()];
    Arrays.fill(maxima, Long.MIN_VALUE);
    long inputRows = 0;
    long min = Long.MAX_VALUE;
    long max = Long.MIN_VALUE;
    long sum = 0;
    long count = 0;
    for (MapTaskResult r : mapped) {
      inputRows += r.inputRows;
      for (int i = 0; i < maxima.length; i++) {
        maxima[i] = Math.max(maxima[i], r.maxEventTime[i]);
      }
      if (r.countEventTime > 0) {
        min = Math.min(min, r.minEventTime);
        max = Math.max(max, r.maxEventTime[0]);
        sum += r.sumEventTime;
        count += r.countEventTime;
      }
      if (metrics != null) {
        metrics.numRowsDroppedByWatermark += r.droppedByWatermark;
      }
    }
    long nextWatermark = watermarks.update(maxima);
    checkpoint.writeCommit(new QueryCheckpoint.CommitEntry(entry.batchId(), nextWatermark));
    if (entry.endOffset() != null) {
      source.commit(source.deserializeOffset(entry.endOffset()));
    }
    long commitNs = System.nanoTime() - t2;

    committedEnd = entry.endOffset();
    lastEvictionWatermark = entry.watermarkMs();
    nextBatchId = entry.batchId() + 1;
    ranBatchThisRun = true;
    return new BatchRun(
        entry, inputRows, output.size(), metrics, new MapStats(min, max, sum, count),
        latestOffsetNs, walNs, getBatchNs, addBatchNs, commitNs, latestJson == null ? entry.endOffset() : latestJson);
  }

  private List<MapTaskResult> runMapStage(List<InputPartition<Object>> partitions, BatchContext ctx) throws Exception {
    int numWatermarks = plan.watermarks().size();
    List<Callable<MapTaskResult>> tasks = new ArrayList<>();
    for (int i = 0; i < partitions.size(); i++) {
      InputPartition<Object> part = partitions.get(i);
      ShuffleBuffer[] buffers = operator == null ? null : shuffleBuffers(i);
      tasks.add(() -> {
        MapTaskResult result = new MapTaskResult(buffers, numWatermarks);
        RowConsumer<Object> terminal = operator != null ? shuffleWriter(result, ctx) : result.rows::add;
        RowConsumer<Object> pipeline = Pipeline.build(plan.preNodes(), plan.watermarks(), result, terminal);
        part.read(row -> {
          result.inputRows++;
          pipeline.accept(row);
        });
        return result;
      });
    }
    return runAll(tasks, null);
  }

  /** The buffers of map task {@code task}, kept from batch to batch (a batch's stages run in order). */
  private ShuffleBuffer[] shuffleBuffers(int task) {
    while (bufferPool.size() <= task) {
      ShuffleBuffer[] b = new ShuffleBuffer[operator.numPartitions()];
      for (int p = 0; p < b.length; p++) {
        b[p] = new ShuffleBuffer(1024);
      }
      bufferPool.add(b);
    }
    return bufferPool.get(task);
  }

  @SuppressWarnings("unchecked")
  private RowConsumer<Object> shuffleWriter(MapTaskResult result, BatchContext ctx) {
    var keyFn = plan.stateful().keyFn();
    int numState = operator.numPartitions();
    var lateFilter = plan.lateFilter();
    long lateWatermark = ctx.lateWatermarkMs();
    return row -> {
      if (lateFilter != null && lateFilter.millis(row) <= lateWatermark) {
        result.droppedByWatermark++;
        return;
      }
      Object key = keyFn.call(row);
      if (key == null) {
        throw new IllegalArgumentException("groupByKey function of " + operator.name() + " returned a null key for row " + row);
      }
      int hash = ShuffleBuffer.hash(key);
      result.buffers[ShuffleBuffer.partition(hash, numState)].add(key, hash, row);
    };
  }

  private List<Object> runStatefulStage(List<MapTaskResult> mapped, BatchContext ctx, OperatorMetrics total)
      throws Exception {
    int numState = operator.numPartitions();
    List<Callable<StatefulOperator.PartitionOutcome>> tasks = new ArrayList<>();
    for (int p = 0; p < numState; p++) {
      ShuffleBuffer[] inputs = new ShuffleBuffer[mapped.size()];
      for (int m = 0; m < inputs.length; m++) {
        inputs[m] = mapped.get(m).buffers[p];
      }
      int partition = p;
      tasks.add(() -> operator.process(partition, inputs, ctx));
    }
    List<StatefulOperator.PartitionOutcome> outcomes = runAll(tasks, operator::abort);
    List<Callable<Void>> commits = new ArrayList<>();
    for (StatefulOperator.PartitionOutcome o : outcomes) {
      commits.add(() -> {
        operator.commit(o);
        return null;
      });
    }
    try {
      runAll(commits, null);
    } catch (Exception e) {
      outcomes.forEach(operator::abort);
      throw e;
    }
    List<Object> output = new ArrayList<>();
    for (StatefulOperator.PartitionOutcome o : outcomes) {
      output.addAll(o.output);
      total.add(o.metrics);
    }
    return output;
  }

  /**
   * Runs {@code tasks} on the worker pool and waits for all of them, even when interrupted, so no
   * task outlives the batch. When any fails, {@code onFailure} is applied to the results of those
   * that succeeded and the first failure is rethrown.
   */
  private <T> List<T> runAll(List<Callable<T>> tasks, Consumer<T> onFailure) throws Exception {
    if (tasks.size() == 1) {
      return java.util.Collections.singletonList(tasks.get(0).call());
    }
    List<Future<T>> futures = new ArrayList<>();
    for (Callable<T> t : tasks) {
      futures.add(workers.submit(t));
    }
    List<T> results = new ArrayList<>();
    Throwable failure = null;
    boolean interrupted = false;
    for (Future<T> f : futures) {
      while (true) {
        try {
          results.add(f.get());
          break;
        } catch (InterruptedException e) {
          interrupted = true;
        } catch (ExecutionException e) {
          if (failure == null) {
            failure = e.getCause();
          }
          break;
        }
      }
    }
    if (interrupted) {
      Thread.currentThread().interrupt();
    }
    if (failure != null) {
      if (onFailure != null) {
        results.forEach(onFailure);
      }
      if (failure instanceof Exception ex) {
        throw ex;
      }
      throw (Error) failure;
    }
    return results;
  }
}
