package dev.eddy.bench;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The physical baseline of W1: the least work one core must do per row (build the key string
 * {@code value % keys}, hash it, bump a counter in a {@link HashMap}), with no engine around it.
 * An engine's rows/s as a fraction of this loop's says how close to the limit it is.
 */
final class RawLoopBaseline {
  private RawLoopBaseline() {}

  /**
   * Rows per second of the loop on this thread: the median of {@code rounds} rounds of {@code rows}
   * rows each, after one warm-up round, with values continuing across rounds like batches.
   *
   * @throws AssertionError when the counts do not add up (keeps the loop from being optimized away)
   */
  static double rowsPerSecond(long keys, long rows, int rounds) {
    Map<String, int[]> counts = new HashMap<>();
    double[] rates = new double[rounds];
    long value = 0;
    for (int r = -1; r < rounds; r++) {
      long t0 = System.nanoTime();
      for (long end = value + rows; value < end; value++) {
        String key = Long.toString(value % keys);
        int[] c = counts.get(key);
        if (c == null) {
          counts.put(key, c = new int[1]);
        }
        c[0]++;
      }
      long ns = System.nanoTime() - t0;
      if (r >= 0) {
        rates[r] = rows * 1e9 / ns;
      }
    }
    long total = counts.values().stream().mapToLong(c -> c[0]).sum();
    if (total != value) {
      throw new AssertionError("Baseline counted " + total + " rows of " + value);
    }
    Arrays.sort(rates);
    return rates[rounds / 2];
  }
}
