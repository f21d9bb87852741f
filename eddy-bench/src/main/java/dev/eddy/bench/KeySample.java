package dev.eddy.bench;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The counts a few sampled W1 keys reached, so the harness can check that two engines gave the
 * same answer key by key, not only the same number of keys.
 *
 * <p>Before a run, {@link #start} picks the keys {@code 0}, {@code 1}, {@code keys / 2} and {@code
 * keys - 1} (those that receive rows) and the count each must have after batch {@code batches -
 * 1}: {@code n / keys}, plus one when the key is below {@code n % keys}, for {@code n = batches *
 * rowsPerBatch} rows with values {@code 0..n-1}. The state function calls {@link #record} with
 * every new count; a count beyond the expected one comes from a batch after the measured ones (the
 * engine may start it before it is stopped) and is ignored, so {@link #counts} holds each key's
 * count after batch {@code batches - 1} when the engine counted right.
 *
 * <p>Thread safety: {@link #record} may be called from any number of task threads at once; {@link
 * #start} must happen before the query starts, and {@link #counts} after it stopped. Static,
 * because in Spark's local mode the function is a deserialized copy running in the same JVM.
 */
public final class KeySample {
  private static volatile Map<String, long[]> limits = Map.of();
  private static volatile Map<String, AtomicLong> reached = Map.of();

  private KeySample() {}

  /** Chooses the sampled keys of a W1 run and their expected counts. */
  public static void start(long keys, long rowsPerBatch, int batches) {
    long n = rowsPerBatch * batches;
    Map<String, long[]> l = new LinkedHashMap<>();
    Map<String, AtomicLong> r = new LinkedHashMap<>();
    for (long k : new TreeSet<>(List.of(0L, 1L, keys / 2, keys - 1))) {
      if (k < keys && k < n) {
        l.put(Long.toString(k), new long[] {n / keys + (k < n % keys ? 1 : 0)});
        r.put(Long.toString(k), new AtomicLong());
      }
    }
    reached = Map.copyOf(r);
    limits = Map.copyOf(l);
  }

  /** Notes that {@code key}'s count is now {@code count}; a no-op for keys not sampled. */
  public static void record(String key, long count) {
    long[] limit = limits.get(key);
    if (limit != null && count <= limit[0]) {
      reached.get(key).accumulateAndGet(count, Math::max);
    }
  }

  /** {@code key=count} pairs in key order, such as {@code 0=12000,1=12000}. */
  public static String counts() {
    StringJoiner j = new StringJoiner(",");
    new TreeSet<>(reached.keySet()).forEach(k -> j.add(k + "=" + reached.get(k).get()));
    return j.toString();
  }

  /** The counts {@link #counts} must show after a correct run. */
  public static String expected() {
    StringJoiner j = new StringJoiner(",");
    new TreeSet<>(limits.keySet()).forEach(k -> j.add(k + "=" + limits.get(k)[0]));
    return j.toString();
  }
}
