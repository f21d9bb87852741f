package dev.eddy.internal.exec;

import dev.eddy.internal.time.Durations;
import dev.eddy.streaming.GroupState;
import dev.eddy.streaming.GroupStateTimeout;
import java.util.Date;
import java.util.NoSuchElementException;
import java.util.Optional;

/**
 * The {@link GroupState} handed to one call of a state function; implements SEMANTICS G1–G8. The
 * operator reads {@link #isUpdated()}, {@link #isRemoved()} and {@link #timeoutTimestampMs()}
 * after the call to decide what to write back (SEMANTICS B6).
 *
 * <p>Thread safety: none; one handle per call.
 */
final class GroupStateImpl<S> implements GroupState<S> {
  /** No timeout set. */
  static final long NO_TIMESTAMP = -1L;

  private final long batchTimestampMs;
  private final long watermarkMs;
  private final boolean watermarkPresent;
  private final GroupStateTimeout timeoutConf;
  private final boolean timedOut;
  private S value;
  private boolean updated;
  private boolean removed;
  private long timeoutTimestampMs = NO_TIMESTAMP;

  GroupStateImpl(
      S value,
      long batchTimestampMs,
      long watermarkMs,
      boolean watermarkPresent,
      GroupStateTimeout timeoutConf,
      boolean timedOut) {
    this.value = value;
    this.batchTimestampMs = batchTimestampMs;
    this.watermarkMs = watermarkMs;
    this.watermarkPresent = watermarkPresent;
    this.timeoutConf = timeoutConf;
    this.timedOut = timedOut;
  }

  @Override
  public boolean exists() {
    return value != null;
  }

  @Override
  public S get() {
    if (value == null) {
      throw new NoSuchElementException("State is either not defined or has already been removed");
    }
    return value;
  }

  @Override
  public Optional<S> getOption() {
    return Optional.ofNullable(value);
  }

  @Override
  public void update(S newState) {
    if (newState == null) {
      throw new IllegalArgumentException("'null' is not a valid state value; use remove() to remove the state");
    }
    value = newState;
    updated = true;
    removed = false;
  }

  @Override
  public void remove() {
    value = null;
    updated = false;
    removed = true;
  }

  @Override
  public boolean hasTimedOut() {
    return timedOut;
  }

  @Override
  public void setTimeoutDuration(long durationMs) {
    if (timeoutConf != GroupStateTimeout.ProcessingTimeTimeout()) {
      throw new UnsupportedOperationException(
          "Cannot set timeout duration without enabling processing time timeout in "
              + "[map|flatMap]GroupsWithState (timeout is " + timeoutConf + ")");
    }
    if (durationMs <= 0) {
      throw new IllegalArgumentException("Timeout duration must be positive, got " + durationMs + " ms");
    }
    timeoutTimestampMs = batchTimestampMs + durationMs;
  }

  @Override
  public void setTimeoutDuration(String duration) {
    setTimeoutDuration(parseNonNegative(duration));
  }

  @Override
  public void setTimeoutTimestamp(long timestampMs) {
    if (timeoutConf != GroupStateTimeout.EventTimeTimeout()) {
      throw new UnsupportedOperationException(
          "Cannot set timeout timestamp without enabling event time timeout in "
              + "[map|flatMap]GroupsWithState (timeout is " + timeoutConf + ")");
    }
    if (timestampMs <= 0) {
      throw new IllegalArgumentException("Timeout timestamp must be positive, got " + timestampMs);
    }
    if (watermarkPresent && timestampMs < watermarkMs) {
      throw new IllegalArgumentException(
          "Timeout timestamp (" + timestampMs + ") cannot be earlier than the current watermark (" + watermarkMs + ")");
    }
    timeoutTimestampMs = timestampMs;
  }

  @Override
  public void setTimeoutTimestamp(long timestampMs, String additionalDuration) {
    setTimeoutTimestamp(timestampMs + parseNonNegative(additionalDuration));
  }

  @Override
  public void setTimeoutTimestamp(Date timestamp) {
    setTimeoutTimestamp(timestamp.getTime());
  }

  @Override
  public void setTimeoutTimestamp(Date timestamp, String additionalDuration) {
    setTimeoutTimestamp(timestamp.getTime() + parseNonNegative(additionalDuration));
  }

  @Override
  public long getCurrentWatermarkMs() {
    if (!watermarkPresent) {
      throw new UnsupportedOperationException(
          "Cannot get event time watermark timestamp without setting watermark before "
              + "[map|flatMap]GroupsWithState: call withWatermark on the input");
    }
    return watermarkMs;
  }

  @Override
  public long getCurrentProcessingTimeMs() {
    return batchTimestampMs;
  }

  boolean isUpdated() {
    return updated;
  }

  boolean isRemoved() {
    return removed;
  }

  /** The value after the call, or null. */
  S value() {
    return value;
  }

  /** The timeout set in this call, or {@link #NO_TIMESTAMP}. */
  long timeoutTimestampMs() {
    return timeoutTimestampMs;
  }

  private static long parseNonNegative(String duration) {
    long ms = Durations.parseMillis(duration);
    if (ms < 0) {
      throw new IllegalArgumentException("Provided duration (" + duration + ") is negative");
    }
    return ms;
  }

  @Override
  public String toString() {
    return "GroupState(" + (value == null ? "<undefined>" : value) + ")";
  }
}
