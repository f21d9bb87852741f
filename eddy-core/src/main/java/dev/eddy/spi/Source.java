package dev.eddy.spi;

import java.util.List;

/**
 * A replayable, offset-based streaming source. The engine asks for the latest offset, logs the
 * range (start, end] of the next batch, reads it (possibly again after a crash), and commits the
 * end once the batch is committed.
 *
 * <p>Thread safety: {@link #latestOffset()}, {@link #planInputPartitions} and {@link #commit} are
 * called from the query thread; {@link InputPartition#read} from worker threads.
 */
public interface Source<T> {
  /** The newest offset available now, or null when the source has no data yet. */
  Offset latestOffset();

  /**
   * The rows after {@code start} (null: from the beginning) up to and including {@code end}.
   * Calling it again with the same range must give the same rows.
   */
  List<InputPartition<T>> planInputPartitions(Offset start, Offset end);

  /** Parses an offset written by {@link Offset#json()}. */
  Offset deserializeOffset(String json);

  /** Data up to {@code end} is committed and will not be asked for again. */
  default void commit(Offset end) {}

  /**
   * Called once before the first batch of a query with {@code Trigger.AvailableNow()}: from now on
   * {@link #latestOffset()} must not go beyond the data available at this moment (it may still
   * hand it out in several steps, respecting rate limits), so the query ends once it is read.
   */
  default void prepareForAvailableNow() {}

  /** Figures for progress reports (such as malformed rows seen), by name. */
  default java.util.Map<String, String> metrics() {
    return java.util.Map.of();
  }

  /** Releases resources; the source is not used afterwards. */
  default void stop() {}
}
