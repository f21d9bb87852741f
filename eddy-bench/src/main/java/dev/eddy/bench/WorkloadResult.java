package dev.eddy.bench;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one engine's run of one workload measured and answered. A child JVM prints it as one JSON
 * line starting with {@link #PREFIX}; the parent reads it back with {@link #fromJson}.
 *
 * @param engine {@code eddy} or {@code spark}
 * @param workload the spec's label (see {@link WorkloadSpec#label()})
 * @param rowsPerSecond input rows over the summed durations of the batches after warm-up
 * @param medianMs median batch duration after warm-up
 * @param p99Ms 99th percentile batch duration after warm-up
 * @param stateRows state entries after batch {@code batches - 1} (the answer's size)
 * @param stateMemoryBytes the state's {@code memoryUsedBytes} after that batch
 * @param rowsRemoved state entries removed in batches {@code 0..batches-1} (W2, W5: closed sessions)
 * @param samples sampled keys' counts (W1, see {@link KeySample}), or empty
 * @param peakRssBytes the child's peak RSS just before it printed this line, or -1
 */
public record WorkloadResult(
    String engine, String workload, double rowsPerSecond, double medianMs, double p99Ms, long stateRows,
    long stateMemoryBytes, long rowsRemoved, String samples, long peakRssBytes) {

  /** Marks the result line in a child's output. */
  public static final String PREFIX = "EDDY-BENCH-RESULT ";

  /**
   * Summarizes the batches of a run.
   *
   * @throws AssertionError when batch {@code spec.batches() - 1} is missing
   */
  public static WorkloadResult summarize(
      String engine, WorkloadSpec spec, List<BatchFigures> all, String samples) {
    BatchFigures last = all.stream().filter(b -> b.batchId() == spec.batches() - 1).findFirst()
        .orElseThrow(() -> new AssertionError(engine + " reported no progress for batch " + (spec.batches() - 1)));
    List<BatchFigures> measured = all.stream()
        .filter(b -> b.batchId() >= spec.warmup() && b.batchId() < spec.batches()).toList();
    long[] durations = measured.stream().mapToLong(BatchFigures::durationMs).sorted().toArray();
    long rows = measured.stream().mapToLong(BatchFigures::inputRows).sum();
    long ms = Arrays.stream(durations).sum();
    long removed = all.stream().filter(b -> b.batchId() < spec.batches()).mapToLong(BatchFigures::rowsRemoved).sum();
    return new WorkloadResult(engine, spec.label(), ms == 0 ? rows * 1000.0 : rows * 1000.0 / ms,
        percentile(durations, 50), percentile(durations, 99), last.stateRows(), last.stateMemoryBytes(),
        removed, samples, PeakRss.bytes());
  }

  /** The {@code p}th percentile of sorted values (nearest rank); 0 for none. */
  static double percentile(long[] sorted, int p) {
    if (sorted.length == 0) {
      return 0;
    }
    int idx = (int) Math.ceil(p / 100.0 * sorted.length) - 1;
    return sorted[Math.max(0, Math.min(sorted.length - 1, idx))];
  }

  /** A human-readable line. */
  public String report() {
    return String.format(Locale.ROOT,
        "%s %s: %,.0f rows/s, median batch %.1f ms, p99 %.1f ms, state %,d rows (~%,d bytes), removed %,d, samples [%s]",
        engine, workload, rowsPerSecond, medianMs, p99Ms, stateRows, stateMemoryBytes, rowsRemoved, samples);
  }

  /** The one-line JSON form, without {@link #PREFIX}. */
  public String toJson() {
    return String.format(Locale.ROOT,
        "{\"engine\":\"%s\",\"workload\":\"%s\",\"rowsPerSecond\":%.1f,\"medianMs\":%.1f,\"p99Ms\":%.1f,"
            + "\"stateRows\":%d,\"stateMemoryBytes\":%d,\"rowsRemoved\":%d,\"samples\":\"%s\",\"peakRssBytes\":%d}",
        engine, workload, rowsPerSecond, medianMs, p99Ms, stateRows, stateMemoryBytes, rowsRemoved, samples,
        peakRssBytes);
  }

  private static final Pattern FIELD = Pattern.compile("\"(\\w+)\":(\"[^\"]*\"|[-0-9.Ee]+)");

  /** Reads what {@link #toJson} wrote. */
  public static WorkloadResult fromJson(String json) {
    Map<String, String> f = new LinkedHashMap<>();
    Matcher m = FIELD.matcher(json);
    while (m.find()) {
      f.put(m.group(1), m.group(2).replace("\"", ""));
    }
    try {
      return new WorkloadResult(f.get("engine"), f.get("workload"), Double.parseDouble(f.get("rowsPerSecond")),
          Double.parseDouble(f.get("medianMs")), Double.parseDouble(f.get("p99Ms")),
          Long.parseLong(f.get("stateRows")), Long.parseLong(f.get("stateMemoryBytes")),
          Long.parseLong(f.get("rowsRemoved")), f.get("samples"), Long.parseLong(f.get("peakRssBytes")));
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("Not a result line: " + json, e);
    }
  }
}
