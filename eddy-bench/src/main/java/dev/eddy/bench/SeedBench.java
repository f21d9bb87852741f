package dev.eddy.bench;

import dev.eddy.EddySession;
import dev.eddy.Encoders;
import dev.eddy.streaming.GroupState;
import dev.eddy.streaming.GroupStateTimeout;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The seed workload (W1 of the benchmark issue; W3 and W4 are sized variants) on Eddy: {@code
 * rate-micro-batch} with {@code rowsPerBatch} rows per batch, key = {@code value % keys} as a
 * string, a {@code mapGroupsWithState} counter, the {@code noop} sink. Checks the answer: after batch
 * {@code batches - 1} the state holds {@code min(keys, batches * rowsPerBatch)} keys and the sampled
 * keys have their exact counts ({@link KeySample}). {@link SparkSeedWorkload} is the same query on
 * Spark.
 *
 * <pre>
 * mvn -q -pl eddy-bench exec:java -Dexec.args="--keys 100000 --rows 1000000 --checkpoint DIR [--backend memory] [--batches 20 --warmup 8]"
 * </pre>
 */
public final class SeedBench {
  /** The state of one key. */
  public record Clicks(int count) {}

  /** The output of one key. */
  public record UserCount(String userId, int totalClicks) {}

  private SeedBench() {}

  public static void main(String[] args) throws Exception {
    System.out.println(run(WorkloadSpec.parse(parse(args))).report());
  }

  /** Runs the workload; throws {@link AssertionError} when the answer is wrong. */
  public static WorkloadResult run(WorkloadSpec spec) throws Exception {
    long keys = spec.keys();
    KeySample.start(keys, spec.rowsPerBatch(), spec.batches());
    try (EddySession eddy = EddyRun.session("seed-bench", spec)) {
      var writer = eddy.readStream().format("rate-micro-batch")
          .option("rowsPerBatch", spec.rowsPerBatch())
          .option("numPartitions", spec.partitions())
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
                KeySample.record(key, total);
                return new UserCount(key, total);
              },
              Encoders.bean(Clicks.class), Encoders.bean(UserCount.class), GroupStateTimeout.NoTimeout())
          .writeStream().format("noop").outputMode("update");
      return check(WorkloadResult.summarize("eddy", spec, EddyRun.run(writer, spec), KeySample.counts()), spec);
    }
  }

  /**
   * Checks a W1 answer from either engine: the key count and the sampled keys' counts.
   *
   * @throws AssertionError naming the engine and what differs
   */
  static WorkloadResult check(WorkloadResult r, WorkloadSpec spec) {
    long expectedKeys = Math.min(spec.keys(), spec.batches() * spec.rowsPerBatch());
    if (r.stateRows() != expectedKeys) {
      throw new AssertionError(r.engine() + " " + r.workload() + ": wrong answer, " + r.stateRows()
          + " keys in state after batch " + (spec.batches() - 1) + ", expected " + expectedKeys);
    }
    if (!r.samples().equals(KeySample.expected())) {
      throw new AssertionError(r.engine() + " " + r.workload() + ": wrong answer, sampled key counts "
          + r.samples() + ", expected " + KeySample.expected());
    }
    return r;
  }

  /** Reads {@code --name value} pairs. */
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
