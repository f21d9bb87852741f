package dev.eddy.internal.source;

import dev.eddy.Row;
import dev.eddy.spi.InputPartition;
import dev.eddy.spi.RowConsumer;
import java.util.ArrayList;
import java.util.List;

/**
 * The values {@code [from, to)} of a rate source batch. Value {@code v} gets the timestamp {@code
 * baseMillis + (long) ((v - rangeStart) * millisPerValue)}, so the values of one batch spread
 * evenly over its time span ({@code millisPerValue} is 0 when they share one timestamp).
 *
 * <p>Thread safety: immutable; {@link #read} may run on any thread.
 */
final class RateRangePartition implements InputPartition<Row> {
  private final long from;
  private final long to;
  private final long rangeStart;
  private final long baseMillis;
  private final double millisPerValue;

  private RateRangePartition(long from, long to, long rangeStart, long baseMillis, double millisPerValue) {
    this.from = from;
    this.to = to;
    this.rangeStart = rangeStart;
    this.baseMillis = baseMillis;
    this.millisPerValue = millisPerValue;
  }

  /**
   * Splits the values {@code [rangeStart, rangeEnd)} into at most {@code numPartitions} contiguous,
   * non-empty partitions of sizes differing by at most one, in value order.
   */
  static List<InputPartition<Row>> split(
      long rangeStart, long rangeEnd, int numPartitions, long baseMillis, double millisPerValue) {
    long count = rangeEnd - rangeStart;
    List<InputPartition<Row>> parts = new ArrayList<>();
    long size = count / numPartitions;
    long larger = count % numPartitions;
    long from = rangeStart;
    for (int i = 0; i < numPartitions && from < rangeEnd; i++) {
      long to = from + size + (i < larger ? 1 : 0);
      parts.add(new RateRangePartition(from, to, rangeStart, baseMillis, millisPerValue));
      from = to;
    }
    return parts;
  }

  long from() {
    return from;
  }

  long to() {
    return to;
  }

  @Override
  public void read(RowConsumer<? super Row> out) throws Exception {
    long end = to;
    long base = baseMillis;
    double step = millisPerValue;
    if (step == 0) {
      for (long v = from; v < end; v++) {
        out.accept(new RateRow(base, v));
      }
      return;
    }
    long first = rangeStart;
    for (long v = from; v < end; v++) {
      out.accept(new RateRow(base + (long) ((v - first) * step), v));
    }
  }

  @Override
  public String toString() {
    return "RateRangePartition[" + from + ", " + to + ")";
  }
}
