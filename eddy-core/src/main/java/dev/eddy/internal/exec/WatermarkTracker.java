package dev.eddy.internal.exec;

import java.util.Arrays;

/**
 * The query's event-time watermark (SEMANTICS W1): after each batch, every watermark operator
 * that saw rows proposes max event time − delay and its own watermark only rises; the global
 * watermark is the minimum (or, by setting, the maximum) over operators, an operator that never
 * saw rows counting as 0, and never decreases.
 *
 * <p>Thread safety: used by the query thread only.
 */
final class WatermarkTracker {
  private final long[] delays;
  private final long[] operatorWatermarks;
  private final boolean maxPolicy;
  private long global;

  WatermarkTracker(long[] delaysMs, boolean maxPolicy) {
    this.delays = delaysMs.clone();
    this.operatorWatermarks = new long[delaysMs.length];
    this.maxPolicy = maxPolicy;
  }

  /** Whether the query defines any watermark. */
  boolean present() {
    return delays.length > 0;
  }

  /** The current global watermark. */
  long current() {
    return global;
  }

  /** Restores the watermark logged in the checkpoint. */
  void restore(long watermarkMs) {
    global = watermarkMs;
    Arrays.fill(operatorWatermarks, watermarkMs);
  }

  /**
   * Folds in a batch's event-time maxima, one per watermark operator ({@code Long.MIN_VALUE}
   * when it saw no rows); returns the new global watermark.
   */
  long update(long[] maxEventTimes) {
    if (delays.length == 0) {
      return global;
    }
    for (int i = 0; i < delays.length; i++) {
      if (maxEventTimes[i] != Long.MIN_VALUE) {
        operatorWatermarks[i] = Math.max(operatorWatermarks[i], maxEventTimes[i] - delays[i]);
      }
    }
    long candidate = operatorWatermarks[0];
    for (long w : operatorWatermarks) {
      candidate = maxPolicy ? Math.max(candidate, w) : Math.min(candidate, w);
    }
    global = Math.max(global, candidate);
    return global;
  }
}
