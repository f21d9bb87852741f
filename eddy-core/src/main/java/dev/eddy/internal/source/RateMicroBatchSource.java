package dev.eddy.internal.source;

import dev.eddy.Row;
import dev.eddy.spi.InputPartition;
import dev.eddy.spi.LongOffset;
import dev.eddy.spi.Offset;
import dev.eddy.spi.Source;
import java.util.List;

/**
 * The {@code rate-micro-batch} source: offset {@code b} means "b batches produced", and every call
 * of {@link #latestOffset()} offers one batch more. The rows of (b, e] are the values {@code
 * [b * rowsPerBatch, e * rowsPerBatch)}, all with the timestamp {@code startTimestamp + b *
 * advanceMillisPerBatch}, as in Spark. The offsets the engine hands back through {@link
 * #planInputPartitions} and {@link #commit} move the counter forward, so a restarted query
 * continues after the batches in its checkpoint.
 *
 * <p>Thread safety: {@link #latestOffset()}, {@link #planInputPartitions} and {@link #commit} run
 * on the query thread; the partitions are immutable.
 */
final class RateMicroBatchSource implements Source<Row> {
  private final long rowsPerBatch;
  private final int numPartitions;
  private final long startTimestamp;
  private final long advanceMillisPerBatch;
  private long lastOffset;
  private long availableNowLimit = Long.MAX_VALUE;

  RateMicroBatchSource(long rowsPerBatch, int numPartitions, long startTimestamp, long advanceMillisPerBatch) {
    this.rowsPerBatch = rowsPerBatch;
    this.numPartitions = numPartitions;
    this.startTimestamp = startTimestamp;
    this.advanceMillisPerBatch = advanceMillisPerBatch;
  }

  @Override
  public Offset latestOffset() {
    if (lastOffset < availableNowLimit) {
      lastOffset++;
    }
    return new LongOffset(lastOffset);
  }

  /** Under AvailableNow, one more batch is what is "available now". */
  @Override
  public void prepareForAvailableNow() {
    availableNowLimit = lastOffset + 1;
  }

  @Override
  public List<InputPartition<Row>> planInputPartitions(Offset start, Offset end) {
    long first = start == null ? 0 : batches(start);
    long last = batches(end);
    lastOffset = Math.max(lastOffset, last);
    if (last <= first) {
      return List.of();
    }
    long rangeStart = Math.multiplyExact(first, rowsPerBatch);
    long rangeEnd = Math.multiplyExact(last, rowsPerBatch);
    long timestamp = startTimestamp + first * advanceMillisPerBatch;
    return RateRangePartition.split(rangeStart, rangeEnd, numPartitions, timestamp, 0);
  }

  @Override
  public Offset deserializeOffset(String json) {
    return LongOffset.parse(json);
  }

  @Override
  public void commit(Offset end) {
    lastOffset = Math.max(lastOffset, batches(end));
  }

  private static long batches(Offset offset) {
    if (!(offset instanceof LongOffset)) {
      throw new IllegalArgumentException("rate-micro-batch source: expected a LongOffset, got " + offset);
    }
    return ((LongOffset) offset).value();
  }
}
