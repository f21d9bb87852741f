package dev.eddy.bench;

import dev.eddy.EddySession;
import dev.eddy.Encoders;
import dev.eddy.streaming.GroupState;
import dev.eddy.streaming.GroupStateTimeout;
import dev.eddy.streaming.StreamingQuery;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;

/**
 * Restart time (durability issue): builds a checkpoint whose state holds {@code keys} keys with
 * the seed workload, stops, then measures from a new session's start to the first completed batch
 * of the restarted query (state load included), and checks the restored state is complete.
 *
 * <pre>
 * mvn -q -pl eddy-bench exec:java -Dexec.mainClass=dev.eddy.bench.RestartBench -Dexec.args="--keys 1000000 --batches 3"
 * </pre>
 */
public final class RestartBench {
  private RestartBench() {}

  public static void main(String[] args) throws Exception {
    var a = SeedBench.parse(args);
    long keys = Long.parseLong(a.getOrDefault("keys", "1000000"));
    int batches = Integer.parseInt(a.getOrDefault("batches", "3"));
    String backend = a.getOrDefault("backend", "memory");
    Path dir = Files.createTempDirectory("eddy-restart-bench");
    runUntil(dir, keys, batches - 1, backend, new long[1]);
    long[] firstBatchDoneNs = new long[1];
    long t0 = System.nanoTime();
    long stateRows = runUntil(dir, keys, batches, backend, firstBatchDoneNs);
    long ms = (firstBatchDoneNs[0] - t0) / 1_000_000;
    if (stateRows != keys) {
      throw new AssertionError("Restored state has " + stateRows + " keys, expected " + keys);
    }
    System.out.printf("Restart with %,d keys (%s): %d ms from session start to the first batch done%n", keys, backend, ms);
  }

  /** Runs the seed query on {@code dir} until batch {@code lastBatch} is done; returns the state size. */
  static long runUntil(Path dir, long keys, int lastBatch, String backend, long[] firstBatchDoneNs)
      throws Exception {
    try (EddySession eddy = EddySession.builder().appName("restart-bench")
        .config("eddy.sql.shuffle.partitions", 2)
        .config("eddy.sql.streaming.stateStore.providerClass", backend)
        .getOrCreate()) {
      StreamingQuery q = eddy.readStream().format("rate-micro-batch")
          .option("rowsPerBatch", keys).option("numPartitions", 2).load()
          .map(r -> Long.toString(r.getLong("value") % keys), Encoders.STRING())
          .groupByKey(k -> k, Encoders.STRING())
          .mapGroupsWithState(
              (String key, Iterator<String> values, GroupState<SeedBench.Clicks> state) -> {
                int n = 0;
                for (; values.hasNext(); values.next()) {
                  n++;
                }
                state.update(new SeedBench.Clicks((state.exists() ? state.get().count() : 0) + n));
                return new SeedBench.UserCount(key, state.get().count());
              },
              Encoders.bean(SeedBench.Clicks.class), Encoders.bean(SeedBench.UserCount.class),
              GroupStateTimeout.NoTimeout())
          .writeStream().format("noop").outputMode("update")
          .option("checkpointLocation", dir.toString())
          .start();
      while (q.isActive() && q.lastProgress() == null) {
        Thread.sleep(1); // not a spin: the engine being timed needs both cores
      }
      firstBatchDoneNs[0] = System.nanoTime();
      var first = q.lastProgress();
      while (q.isActive() && (q.lastProgress() == null || q.lastProgress().batchId() < lastBatch)) {
        Thread.sleep(1);
      }
      q.stop();
      if (q.exception().isPresent()) {
        throw q.exception().get();
      }
      var op = first.stateOperators()[0];
      if (Boolean.getBoolean("eddy.bench.verbose")) {
        System.out.printf("  first batch %d: %d ms, state load %s ms (summed over partitions), commit %d ms%n",
            first.batchId(), first.batchDuration(), op.customMetrics().get("loadTimeMs"), op.commitTimeMs());
      }
      return op.numRowsTotal();
    }
  }
}
