package dev.eddy.bench;

import dev.eddy.EddySession;
import dev.eddy.streaming.DataStreamWriter;
import dev.eddy.streaming.StateOperatorProgress;
import dev.eddy.streaming.StreamingQuery;
import dev.eddy.streaming.StreamingQueryProgress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** Starts an Eddy workload query with a spec's settings, waits for its batches and reads their figures. */
final class EddyRun {
  private EddyRun() {}

  /** A session with the spec's shuffle partitions and state store backend. */
  static EddySession session(String appName, WorkloadSpec spec) {
    return EddySession.builder().appName(appName)
        .config("eddy.sql.shuffle.partitions", spec.partitions())
        .config("eddy.sql.streaming.stateStore.providerClass", spec.backend())
        .config("eddy.sql.streaming.numRecentProgressUpdates", spec.batches() + 100)
        .getOrCreate();
  }

  /**
   * Starts {@code writer} with the spec's checkpoint (when given), waits for batch {@code
   * batches - 1}, stops the query and returns the figures of every batch it completed.
   *
   * @throws IllegalArgumentException when the checkpoint directory exists already
   * @throws Exception the query's failure
   */
  static List<BatchFigures> run(DataStreamWriter<?> writer, WorkloadSpec spec) throws Exception {
    if (spec.checkpoint() != null) {
      if (Files.exists(Path.of(spec.checkpoint()))) {
        throw new IllegalArgumentException("--checkpoint " + spec.checkpoint() + " exists; give a new directory");
      }
      writer.option("checkpointLocation", spec.checkpoint());
    }
    StreamingQuery q = writer.start();
    BatchWait.until(q::isActive, () -> q.lastProgress() == null ? -1 : q.lastProgress().batchId(), spec.batches());
    q.stop();
    if (q.exception().isPresent()) {
      throw q.exception().get();
    }
    List<BatchFigures> figures = new ArrayList<>();
    for (StreamingQueryProgress p : q.recentProgress()) {
      StateOperatorProgress op = p.stateOperators()[0];
      if (Boolean.getBoolean("eddy.bench.verbose")) { // -Deddy.bench.verbose=true: per-batch breakdown
        System.out.println("batch " + p.batchId() + " triggerExecution=" + p.durationMs().get("triggerExecution")
            + " allUpdatesTimeMs=" + op.allUpdatesTimeMs() + " allRemovalsTimeMs=" + op.allRemovalsTimeMs()
            + " commitTimeMs=" + op.commitTimeMs() + " " + op.customMetrics());
      }
      figures.add(new BatchFigures(p.batchId(), p.numInputRows(), p.batchDuration(), op.numRowsTotal(),
          op.memoryUsedBytes(), op.numRowsRemoved()));
    }
    return figures;
  }
}
