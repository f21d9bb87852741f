package dev.eddy.internal.exec;

import dev.eddy.streaming.SinkProgress;
import dev.eddy.streaming.SourceProgress;
import dev.eddy.streaming.StateOperatorProgress;
import dev.eddy.streaming.StreamingQueryProgress;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Turns each {@link MicroBatchExecution.BatchRun} into a {@link StreamingQueryProgress}, keeps
 * the recent ones, and watches for the tutorial's "common mistake": an operator without timeouts
 * whose state grows batch after batch with nothing removed, which gets one warning.
 *
 * <p>Thread safety: {@link #report} is called by the query thread; readers take snapshots under
 * the instance lock.
 */
final class ProgressReporter {
  private static final Logger LOG = LoggerFactory.getLogger(ProgressReporter.class);

  /** Spark's progress timestamps: ISO-8601 UTC with milliseconds always shown. */
  private static final java.time.format.DateTimeFormatter ISO_MILLIS =
      java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(java.time.ZoneOffset.UTC);

  private final UUID id;
  private final UUID runId;
  private final String name;
  private final String sourceDescription;
  private final String sinkDescription;
  private final int retained;
  private final int growthWarningBatches;
  private final ArrayDeque<StreamingQueryProgress> recent = new ArrayDeque<>();
  private long lastBatchStartNs = -1;
  private long lastStateRows = -1;
  private long growthBatches;
  private boolean warned;

  ProgressReporter(
      UUID id, UUID runId, String name, String sourceDescription, String sinkDescription, int retained,
      int growthWarningBatches) {
    this.id = id;
    this.runId = runId;
    this.name = name;
    this.sourceDescription = sourceDescription;
    this.sinkDescription = sinkDescription;
    this.retained = retained;
    this.growthWarningBatches = growthWarningBatches;
  }

  StreamingQueryProgress report(
      MicroBatchExecution.BatchRun run, StatefulOperator op, Map<String, String> sourceMetrics, long startNs, long endNs) {
    long durationMs = (endNs - startNs) / 1_000_000;
    Map<String, Long> durations = new LinkedHashMap<>();
    durations.put("latestOffset", run.latestOffsetNs() / 1_000_000);
    durations.put("queryPlanning", 0L);
    durations.put("walCommit", run.walCommitNs() / 1_000_000);
    durations.put("getBatch", run.getBatchNs() / 1_000_000);
    durations.put("addBatch", run.addBatchNs() / 1_000_000);
    durations.put("commitOffsets", run.commitOffsetsNs() / 1_000_000);
    durations.put("triggerExecution", durationMs);

    Map<String, String> eventTime = new LinkedHashMap<>();
    MicroBatchExecution.MapStats stats = run.eventTimes();
    if (stats.count() > 0) {
      eventTime.put("avg", iso(stats.sum() / stats.count()));
      eventTime.put("max", iso(stats.max()));
      eventTime.put("min", iso(stats.min()));
    }
    if (op != null && run.operatorMetrics() != null) {
      eventTime.put("watermark", iso(run.offsets().watermarkMs()));
    }

    StateOperatorProgress[] ops = new StateOperatorProgress[0];
    if (op != null) {
      OperatorMetrics m = run.operatorMetrics();
      ops = new StateOperatorProgress[] {
        new StateOperatorProgress(
            op.name(), m.numRowsTotal, m.numRowsUpdated, m.allUpdatesTimeNs / 1_000_000, m.numRowsRemoved,
            m.allRemovalsTimeNs / 1_000_000, m.commitTimeNs / 1_000_000, m.memoryUsedBytes,
            m.numRowsDroppedByWatermark, op.numPartitions(), op.numPartitions(), customMetrics(op, m))
      };
    }
    double elapsedSinceLast = lastBatchStartNs < 0 ? 0 : (startNs - lastBatchStartNs) / 1e9;
    lastBatchStartNs = startNs;
    double inputRate = elapsedSinceLast > 0 ? run.inputRows() / elapsedSinceLast : 0;
    double processedRate = endNs > startNs ? run.inputRows() / ((endNs - startNs) / 1e9) : 0;
    SourceProgress src =
        new SourceProgress(
            sourceDescription, run.offsets().startOffset(), run.offsets().endOffset(), run.latestOffset(),
            run.inputRows(), inputRate, processedRate, sourceMetrics);
    SinkProgress sink = new SinkProgress(sinkDescription, run.outputRows(), Map.of());
    StreamingQueryProgress progress =
        new StreamingQueryProgress(
            id, runId, name, iso(run.offsets().timestampMs()), run.offsets().batchId(),
            durationMs, durations, eventTime, ops, new SourceProgress[] {src}, sink);
    synchronized (this) {
      recent.addLast(progress);
      while (recent.size() > retained) {
        recent.removeFirst();
      }
    }
    return progress;
  }

  private Map<String, Long> customMetrics(StatefulOperator op, OperatorMetrics m) {
    if (op.timeout() == dev.eddy.streaming.GroupStateTimeout.NoTimeout()
        && m.numRowsRemoved == 0
        && lastStateRows >= 0
        && m.numRowsTotal > lastStateRows) {
      growthBatches++;
    } else if (m.numRowsRemoved > 0 || m.numRowsTotal < lastStateRows) {
      growthBatches = 0;
    }
    lastStateRows = m.numRowsTotal;
    if (growthBatches >= growthWarningBatches && !warned) {
      warned = true;
      LOG.warn(
          "{} has no timeout and its state grew in each of the last {} batches without removing a key "
              + "(now {} keys). State will grow without bound: configure GroupStateTimeout.ProcessingTimeTimeout() "
              + "or EventTimeTimeout() and remove idle keys when they time out.",
          op.name(), growthBatches, m.numRowsTotal);
    }
    Map<String, Long> custom = new LinkedHashMap<>(m.custom);
    custom.put("numTimeouts", m.numTimeouts);
    custom.put("stateGrowthBatches", growthBatches);
    return custom;
  }

  private static String iso(long epochMs) {
    return ISO_MILLIS.format(Instant.ofEpochMilli(epochMs));
  }

  synchronized StreamingQueryProgress last() {
    return recent.peekLast();
  }

  synchronized StreamingQueryProgress[] recent() {
    return recent.toArray(new StreamingQueryProgress[0]);
  }
}
