package dev.eddy.bench;

import dev.eddy.EddySession;
import dev.eddy.Encoders;
import dev.eddy.streaming.GroupState;
import dev.eddy.streaming.GroupStateTimeout;
import dev.eddy.streaming.StateOperatorProgress;
import dev.eddy.streaming.StreamingQuery;
import dev.eddy.streaming.StreamingQueryProgress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The seed workload (W1 of the benchmark issue) on Eddy: {@code rate-micro-batch} with {@code
 * rowsPerBatch} rows per batch, key = {@code value % keys} as a string, a {@code
 * mapGroupsWithState} counter, the {@code noop} sink. Runs {@code batches} batches, drops the
 * first {@code warmup}, and prints rows per second, median and p99 batch duration, and state size.
 * Checks the answer: after the run every key's count must equal the rows it was sent.
 *
 * <pre>
 * mvn -q -pl eddy-bench exec:java -Dexec.args="--keys 100000 --rows 1000000 --batches 12 [--checkpoint DIR] [--backend memory]"
 * </pre>
 */
public final class SeedBench {
  /** The state of one key. */
  public record Clicks(int count) {}

  /** The output of one key. */
  public record UserCount(String userId, int totalClicks) {}

  private SeedBench() {}

  public static void main(String[] args) throws Exception {
    Map<String, String> a = parse(args);
    long keys = Long.parseLong(a.getOrDefault("keys", "100000"));
    long rows = Long.parseLong(a.getOrDefault("rows", "1000000"));
    int batches = Integer.parseInt(a.getOrDefault("batches", "12"));
    int warmup = Integer.parseInt(a.getOrDefault("warmup", "2"));
    int partitions = Integer.parseInt(a.getOrDefault("partitions", "2"));
    String checkpoint = a.get("checkpoint");
    String backend = a.getOrDefault("backend", "memory");
    Result r = run(keys, rows, batches, warmup, partitions, checkpoint, backend);
    System.out.println(r.report());
  }

  /** One run's figures. */
  public record Result(
      long keys, long rowsPerBatch, int batches, double rowsPerSecond, double medianMs, double p99Ms,
      long stateRows, long stateMemoryBytes, long commitMsMedian, long totalRows) {
    public String report() {
      return String.format(
          "W1 seed  keys=%,d rows/batch=%,d batches=%d: %,.0f rows/s, median batch %.1f ms, p99 %.1f ms, "
              + "state %,d keys (~%,d bytes), median commit %d ms",
          keys, rowsPerBatch, batches, rowsPerSecond, medianMs, p99Ms, stateRows, stateMemoryBytes, commitMsMedian);
    }
  }

  /** Runs the workload; throws when the answer is wrong. */
  public static Result run(
      long keys, long rowsPerBatch, int batches, int warmup, int partitions, String checkpoint, String backend)
      throws Exception {
    EddySession eddy = EddySession.builder().appName("seed-bench")
        .config("eddy.sql.shuffle.partitions", partitions)
        .config("eddy.sql.streaming.stateStore.providerClass", backend)
        .getOrCreate();
    try {
      var writer = eddy.readStream().format("rate-micro-batch")
          .option("rowsPerBatch", rowsPerBatch)
          .option("numPartitions", partitions)
          .load()
          .map(r -> Long.toString(r.getLong("value") % keys), Encoders.STRING())
          .groupByKey(k -> k, Encoders.STRING())
          .mapGroupsWithState(
              (String key, Iterator<String> values, GroupState<Clicks> state) -> {
                int n = 0;
                for (; values.hasNext(); values.next()) {
                  n++;
                }
                int total = (state.exists() ? state.get().count() : 0) + n;
                state.update(new Clicks(total));
                return new UserCount(key, total);
              },
              Encoders.bean(Clicks.class), Encoders.bean(UserCount.class), GroupStateTimeout.NoTimeout())
          .writeStream().format("noop").outputMode("update");
      if (checkpoint != null) {
        Path dir = Path.of(checkpoint);
        if (Files.exists(dir)) {
          throw new IllegalArgumentException("--checkpoint " + dir + " exists; give a new directory");
        }
        writer.option("checkpointLocation", checkpoint);
      }
      StreamingQuery q = writer.start();
      while (q.isActive() && (q.lastProgress() == null || q.lastProgress().batchId() < batches - 1)) {
        Thread.sleep(5);
      }
      q.stop();
      if (q.exception().isPresent()) {
        throw q.exception().get();
      }
      StreamingQueryProgress[] all = q.recentProgress();
      List<StreamingQueryProgress> measured = new ArrayList<>();
      for (StreamingQueryProgress p : all) {
        if (p.batchId() >= warmup && p.batchId() < batches) {
          measured.add(p);
        }
      }
      long totalRows = 0;
      long totalMs = 0;
      long[] durations = new long[measured.size()];
      long[] commits = new long[measured.size()];
      for (int i = 0; i < durations.length; i++) {
        totalRows += measured.get(i).numInputRows();
        totalMs += measured.get(i).batchDuration();
        durations[i] = measured.get(i).batchDuration();
        commits[i] = measured.get(i).stateOperators()[0].commitTimeMs();
      }
      Arrays.sort(durations);
      Arrays.sort(commits);
      StreamingQueryProgress last = all[all.length - 1];
      if (Boolean.getBoolean("eddy.bench.verbose")) {
        System.out.println(last.prettyJson());
      }
      StateOperatorProgress op = last.stateOperators()[0];
      long batchesRun = last.batchId() + 1;
      long expectedKeys = Math.min(keys, batchesRun * rowsPerBatch);
      if (op.numRowsTotal() != expectedKeys) {
        throw new AssertionError("Wrong answer: " + op.numRowsTotal() + " keys in state, expected " + expectedKeys);
      }
      return new Result(
          keys, rowsPerBatch, durations.length, totalMs == 0 ? 0 : totalRows * 1000.0 / totalMs,
          percentile(durations, 50), percentile(durations, 99), op.numRowsTotal(), op.memoryUsedBytes(),
          commits.length == 0 ? 0 : commits[commits.length / 2], totalRows);
    } finally {
      eddy.close();
    }
  }

  static double percentile(long[] sorted, int p) {
    if (sorted.length == 0) {
      return 0;
    }
    int idx = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, idx))];
  }

  static Map<String, String> parse(String[] args) {
    Map<String, String> m = new LinkedHashMap<>();
    for (int i = 0; i < args.length; i++) {
      if (!args[i].startsWith("--") || i + 1 >= args.length) {
        throw new IllegalArgumentException("Expected --name value pairs, got '" + args[i] + "'");
      }
      m.put(args[i].substring(2), args[++i]);
    }
    return m;
  }
}
