package dev.eddy.bench;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.DataStreamWriter;
import org.apache.spark.sql.streaming.StateOperatorProgress;
import org.apache.spark.sql.streaming.StreamingQuery;
import org.apache.spark.sql.streaming.StreamingQueryProgress;

/**
 * Starts a Spark workload query with a spec's settings (the counterpart of {@link EddyRun}), waits
 * for its batches and reads their figures. Spark runs in local mode with two task threads and the
 * spec's shuffle partitions, its web UI off; the state store is Spark's default HDFS-backed one for
 * {@code memory} and {@code RocksDBStateStoreProvider} for {@code rocksdb}. Needs Java 17's {@code
 * --add-opens} flags, which {@link ChildJvm} passes.
 */
final class SparkRun {
  private static final String ROCKSDB =
      "org.apache.spark.sql.execution.streaming.state.RocksDBStateStoreProvider";
  private static final String HDFS =
      "org.apache.spark.sql.execution.streaming.state.HDFSBackedStateStoreProvider";

  private SparkRun() {}

  /** A local session with the spec's shuffle partitions and state store backend. */
  static SparkSession session(String appName, WorkloadSpec spec) {
    SparkSession spark = SparkSession.builder().master("local[2]").appName(appName)
        .config("spark.ui.enabled", false)
        .config("spark.driver.host", "localhost")
        .config("spark.sql.shuffle.partitions", spec.partitions())
        .config("spark.sql.streaming.stateStore.providerClass", spec.backend().equals("rocksdb") ? ROCKSDB : HDFS)
        .config("spark.sql.streaming.numRecentProgressUpdates", spec.batches() + 100)
        .getOrCreate();
    spark.sparkContext().setLogLevel("WARN");
    return spark;
  }

  /**
   * Stops {@code spark}, waiting at most a minute: in one W1 run (K = 1,000,000, RocksDB) Spark's
   * {@code stop()} never returned, after the query had stopped and its figures were read. A child
   * JVM that gives up waiting ends anyway ({@link SparkWorkloads} halts the JVM).
   */
  static void stop(SparkSession spark) throws InterruptedException {
    Thread stopper = new Thread(spark::stop, "spark-stop");
    stopper.setDaemon(true);
    stopper.start();
    stopper.join(60_000);
    if (stopper.isAlive()) {
      System.err.println("SparkSession.stop() did not return within 60 s; going on without it");
    }
  }

  /**
   * Starts {@code writer} with the spec's checkpoint, waits for batch {@code batches - 1}, stops the
   * query and returns the figures of every batch it completed.
   *
   * @throws IllegalArgumentException when the checkpoint directory is missing from the spec or exists
   * @throws Exception the query's failure
   */
  static List<BatchFigures> run(DataStreamWriter<?> writer, WorkloadSpec spec) throws Exception {
    if (spec.checkpoint() == null || Files.exists(Path.of(spec.checkpoint()))) {
      throw new IllegalArgumentException("--checkpoint must name a new directory, got " + spec.checkpoint());
    }
    StreamingQuery q = writer.option("checkpointLocation", spec.checkpoint()).start();
    BatchWait.until(q::isActive, () -> q.lastProgress() == null ? -1 : q.lastProgress().batchId(), spec.batches());
    q.stop();
    if (q.exception().isDefined()) {
      throw q.exception().get();
    }
    List<BatchFigures> figures = new ArrayList<>();
    for (StreamingQueryProgress p : q.recentProgress()) {
      StateOperatorProgress op = p.stateOperators()[0];
      figures.add(new BatchFigures(p.batchId(), p.numInputRows(), p.batchDuration(), op.numRowsTotal(),
          op.memoryUsedBytes(), op.numRowsRemoved()));
    }
    return figures;
  }
}
