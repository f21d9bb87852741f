package dev.eddy.internal.exec;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What one map task (one input partition) produced: rows per state partition, or the output
 * rows of a query without a stateful operator, and its event-time statistics.
 *
 * <p>Thread safety: filled by one map task; read after the stage completes.
 */
final class MapTaskResult implements Pipeline.EventTimeObserver {
  final ShuffleBuffer[] buffers;
  final List<Object> rows;
  final long[] maxEventTime;
  long minEventTime = Long.MAX_VALUE;
  long sumEventTime;
  long countEventTime;
  long inputRows;
  long droppedByWatermark;

  /**
   * A result for a stateful query writing into {@code buffers} (one per state partition, reused
   * from batch to batch), or, when {@code buffers} is null, collecting output rows.
   */
  MapTaskResult(ShuffleBuffer[] buffers, int numWatermarks) {
    if (buffers != null) {
      for (ShuffleBuffer b : buffers) {
        b.clear();
      }
      this.buffers = buffers;
      rows = null;
    } else {
      this.buffers = null;
      rows = new ArrayList<>();
    }
    maxEventTime = new long[numWatermarks];
    Arrays.fill(maxEventTime, Long.MIN_VALUE);
  }

  @Override
  public void observe(int watermarkIndex, long eventTimeMs) {
    if (eventTimeMs > maxEventTime[watermarkIndex]) {
      maxEventTime[watermarkIndex] = eventTimeMs;
    }
    if (watermarkIndex == 0) {
      minEventTime = Math.min(minEventTime, eventTimeMs);
      sumEventTime += eventTimeMs;
      countEventTime++;
    }
  }
}
