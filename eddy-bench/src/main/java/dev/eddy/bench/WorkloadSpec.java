package dev.eddy.bench;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One workload run as both engines' runners understand it, passed to a child JVM as {@code --name
 * value} arguments.
 *
 * <ul>
 *   <li>{@code W1} the seed count: {@code rowsPerBatch} rows per batch, key = {@code value % keys}
 *       as a string, a {@code mapGroupsWithState} counter;
 *   <li>{@code W2} event-time sessions (see {@link SessionBench}); {@code keys} is the number of
 *       users;
 *   <li>{@code W3} the latency floor: W1 with small batches, judged by its batch durations;
 *   <li>{@code W4} startup: W1 with one small batch, judged by the time from JVM start to the first
 *       completed batch, which the parent measures;
 *   <li>{@code W5} Nexmark Q11, bids per bidder per 10-second session (see {@link SessionBench});
 *       {@code keys} is the number of active persons bids come from.
 * </ul>
 *
 * @param workload {@code W1}..{@code W5}
 * @param keys distinct keys (W1, W3, W4), users (W2) or active persons (W5)
 * @param rowsPerBatch rows of the {@code rate-micro-batch} source per batch
 * @param batches batches to complete; figures and answers are those of batches {@code 0..batches-1}
 * @param warmup leading batches left out of rows/s and batch durations
 * @param partitions source partitions and shuffle (state) partitions
 * @param backend {@code memory} or {@code rocksdb}; on Spark the HDFS-backed default or {@code
 *     RocksDBStateStoreProvider}
 * @param checkpoint a directory on local disk that does not exist yet
 */
public record WorkloadSpec(
    String workload, long keys, long rowsPerBatch, int batches, int warmup, int partitions,
    String backend, String checkpoint) {

  /** Validates the fields; names the argument to fix. */
  public WorkloadSpec {
    if (!List.of("W1", "W2", "W3", "W4", "W5").contains(workload)) {
      throw new IllegalArgumentException("--workload must be W1, W2, W3, W4 or W5, got '" + workload + "'");
    }
    if (!backend.equals("memory") && !backend.equals("rocksdb")) {
      throw new IllegalArgumentException("--backend must be memory or rocksdb, got '" + backend + "'");
    }
    if (keys <= 0 || rowsPerBatch <= 0 || batches <= warmup || warmup < 0 || partitions <= 0) {
      throw new IllegalArgumentException("Need --keys, --rows, --partitions > 0 and --batches > --warmup >= 0: " + this);
    }
  }

  /** Reads the arguments {@link #args()} writes. */
  public static WorkloadSpec parse(Map<String, String> a) {
    return new WorkloadSpec(
        a.getOrDefault("workload", "W1").toUpperCase(Locale.ROOT),
        Long.parseLong(a.getOrDefault("keys", "100000")),
        Long.parseLong(a.getOrDefault("rows", "1000000")),
        Integer.parseInt(a.getOrDefault("batches", Integer.toString(Compare.FULL_BATCHES))),
        Integer.parseInt(a.getOrDefault("warmup", Integer.toString(Compare.FULL_WARMUP))),
        Integer.parseInt(a.getOrDefault("partitions", "2")),
        a.getOrDefault("backend", "memory"),
        a.get("checkpoint"));
  }

  /** Separates the specs of one child JVM's arguments (see {@link #parseAll}). */
  static final String THEN = "--then";

  /** Reads one or more specs, their arguments separated by {@link #THEN}. */
  public static List<WorkloadSpec> parseAll(String[] args) {
    List<WorkloadSpec> specs = new ArrayList<>();
    int from = 0;
    for (int i = 0; i <= args.length; i++) {
      if (i == args.length || args[i].equals(THEN)) {
        specs.add(parse(SeedBench.parse(Arrays.copyOfRange(args, from, i))));
        from = i + 1;
      }
    }
    return specs;
  }

  /** The {@code --name value} arguments of this spec. */
  public List<String> args() {
    return List.of(
        "--workload", workload, "--keys", Long.toString(keys), "--rows", Long.toString(rowsPerBatch),
        "--batches", Integer.toString(batches), "--warmup", Integer.toString(warmup),
        "--partitions", Integer.toString(partitions), "--backend", backend, "--checkpoint", checkpoint);
  }

  /** A short label such as {@code W1 K=100,000 memory}. */
  public String label() {
    return switch (workload) {
      case "W1" -> String.format("W1 K=%,d %s", keys, backend);
      case "W2" -> String.format("W2 sessions %,d users %s", keys, backend);
      case "W3" -> String.format("W3 %,d-row batches %s", rowsPerBatch, backend);
      case "W5" -> "W5 Nexmark Q11 " + backend;
      default -> "W4 startup " + backend;
    };
  }

  /** Whether this is a sessions workload (W2, W5) rather than a count (W1, W3, W4). */
  public boolean sessions() {
    return workload.equals("W2") || workload.equals("W5");
  }

  /** The same run in another checkpoint directory. */
  public WorkloadSpec withCheckpoint(String dir) {
    return new WorkloadSpec(workload, keys, rowsPerBatch, batches, warmup, partitions, backend, dir);
  }
}
