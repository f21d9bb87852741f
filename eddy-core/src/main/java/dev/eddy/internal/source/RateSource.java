package dev.eddy.internal.source;

import dev.eddy.Row;
import dev.eddy.spi.Clock;
import dev.eddy.spi.InputPartition;
import dev.eddy.spi.LongOffset;
import dev.eddy.spi.Offset;
import dev.eddy.spi.Source;
import java.util.List;

/**
 * The {@code rate} source: offsets are whole seconds since the source's start time, and second
 * {@code s} ends at value {@link #valueAtSecond}. The rows of (start, end] are the values
 * {@code [valueAtSecond(start), valueAtSecond(end))}, their timestamps spread evenly from {@code
 * startTime + start * 1000} over the batch's seconds, as in Spark.
 *
 * <p>Thread safety: {@link #latestOffset()} and {@link #planInputPartitions} run on the query
 * thread; the partitions it returns are immutable.
 */
final class RateSource implements Source<Row> {
  private final Clock clock;
  private final long startTimeMillis;
  private final long rowsPerSecond;
  private final long rampUpSeconds;
  private final int numPartitions;
  private long lastSeconds;
  private long availableNowLimit = Long.MAX_VALUE;

  RateSource(Clock clock, long startTimeMillis, long rowsPerSecond, long rampUpSeconds, int numPartitions) {
    this.clock = clock;
    this.startTimeMillis = startTimeMillis;
    this.rowsPerSecond = rowsPerSecond;
    this.rampUpSeconds = rampUpSeconds;
    this.numPartitions = numPartitions;
  }

  /**
   * The first value of second {@code seconds} (the number of values before it). The speed grows by
   * {@code rowsPerSecond / (rampUpSeconds + 1)} (integer division) each second during ramp-up, then
   * stays at {@code rowsPerSecond}.
   *
   * @throws ArithmeticException when the value does not fit in a long
   */
  static long valueAtSecond(long seconds, long rowsPerSecond, long rampUpSeconds) {
    long speedDelta = rowsPerSecond / (rampUpSeconds + 1);
    if (seconds <= rampUpSeconds) {
      return Math.multiplyExact(triangular(seconds), speedDelta);
    }
    long rampUpPart = Math.multiplyExact(triangular(rampUpSeconds), speedDelta);
    return Math.addExact(rampUpPart, Math.multiplyExact(seconds - rampUpSeconds, rowsPerSecond));
  }

  /** 1 + 2 + ... + n, halving whichever of n and n + 1 is even before multiplying. */
  private static long triangular(long n) {
    return n % 2 == 0 ? Math.multiplyExact(n / 2, n + 1) : Math.multiplyExact(n, (n + 1) / 2);
  }

  @Override
  public Offset latestOffset() {
    long elapsed = Math.min(availableNowLimit, (clock.getTimeMillis() - startTimeMillis) / 1000);
    lastSeconds = Math.max(lastSeconds, elapsed);
    return new LongOffset(lastSeconds);
  }

  /** Under AvailableNow, the seconds elapsed so far are what is available. */
  @Override
  public void prepareForAvailableNow() {
    availableNowLimit = Math.max(lastSeconds, (clock.getTimeMillis() - startTimeMillis) / 1000);
  }

  @Override
  public List<InputPartition<Row>> planInputPartitions(Offset start, Offset end) {
    long startSeconds = start == null ? 0 : seconds(start);
    long endSeconds = seconds(end);
    long rangeStart;
    long rangeEnd;
    try {
      rangeStart = valueAtSecond(startSeconds, rowsPerSecond, rampUpSeconds);
      rangeEnd = valueAtSecond(endSeconds, rowsPerSecond, rampUpSeconds);
    } catch (ArithmeticException e) {
      throw new ArithmeticException("rate source: values overflow a long at second " + endSeconds
          + " with rowsPerSecond " + rowsPerSecond + " and rampUpTime " + rampUpSeconds + "s");
    }
    if (rangeEnd <= rangeStart) {
      return List.of();
    }
    double millisPerValue = (endSeconds - startSeconds) * 1000.0 / (rangeEnd - rangeStart);
    long baseMillis = startTimeMillis + startSeconds * 1000;
    return RateRangePartition.split(rangeStart, rangeEnd, numPartitions, baseMillis, millisPerValue);
  }

  @Override
  public Offset deserializeOffset(String json) {
    return LongOffset.parse(json);
  }

  private static long seconds(Offset offset) {
    if (!(offset instanceof LongOffset)) {
      throw new IllegalArgumentException("rate source: expected a LongOffset, got " + offset);
    }
    return ((LongOffset) offset).value();
  }
}
