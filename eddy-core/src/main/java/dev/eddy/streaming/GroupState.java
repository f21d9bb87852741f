package dev.eddy.streaming;

import java.util.Date;
import java.util.NoSuchElementException;
import java.util.Optional;

/**
 * The handle through which a {@code mapGroupsWithState} / {@code flatMapGroupsWithState} function
 * reads and changes the state of one key. One handle is made per key per call; it is valid only
 * during that call. The rules below are SEMANTICS G1–G8.
 *
 * <h2>Reading and writing</h2>
 * <ul>
 *   <li>{@link #get()} on an absent state throws {@link NoSuchElementException}; {@link
 *       #getOption()} returns empty instead.
 *   <li>{@link #update(Object)} with {@code null} throws {@link IllegalArgumentException}.
 *   <li>After {@link #remove()}: {@code exists()} is false, {@code getOption()} is empty and {@code
 *       get()} throws; a later {@code update()} makes the state exist again. {@code remove()} may
 *       be called again.
 * </ul>
 *
 * <h2>Timeouts</h2>
 * Every call starts with no timeout set: a pending timeout of the key is cancelled by the call
 * unless the call sets a new one (SEMANTICS B3).
 * <ul>
 *   <li>{@link #setTimeoutDuration(long)} works only under {@link
 *       GroupStateTimeout#ProcessingTimeTimeout()}, else {@link UnsupportedOperationException}; a
 *       duration {@code <= 0} throws {@link IllegalArgumentException}. The key times out once the
 *       batch processing time passes {@code getCurrentProcessingTimeMs() + duration}.
 *   <li>{@link #setTimeoutTimestamp(long)} works only under {@link
 *       GroupStateTimeout#EventTimeTimeout()}, else {@link UnsupportedOperationException}; a
 *       timestamp {@code <= 0} or below the current watermark throws {@link
 *       IllegalArgumentException} (equal is allowed). The key times out once the watermark passes
 *       it. A failed set leaves the previous timeout as it was.
 *   <li>{@link #remove()} does not clear a timeout set earlier in the same call: the key keeps a
 *       timeout-only entry and times out later (SEMANTICS G8).
 *   <li>{@link #hasTimedOut()} is true only in the call made because the key timed out; that call
 *       has an empty iterator.
 * </ul>
 *
 * <h2>Thread safety</h2>
 * Not thread-safe, by design: a handle belongs to the single call that received it.
 *
 * @param <S> the state type
 */
public interface GroupState<S> {

  /** Whether the key has state. */
  boolean exists();

  /**
   * The state.
   *
   * @throws NoSuchElementException when the key has no state
   */
  S get();

  /** The state, or empty when the key has none. */
  Optional<S> getOption();

  /**
   * Replaces the state.
   *
   * @throws IllegalArgumentException when {@code newState} is null
   */
  void update(S newState);

  /** Removes the state; a timeout set earlier in this call stays set. */
  void remove();

  /** True only in the call made because this key timed out. */
  boolean hasTimedOut();

  /**
   * Times the key out {@code durationMs} after this batch's processing time.
   *
   * @throws UnsupportedOperationException outside ProcessingTimeTimeout
   * @throws IllegalArgumentException when {@code durationMs <= 0}
   */
  void setTimeoutDuration(long durationMs);

  /**
   * As {@link #setTimeoutDuration(long)} with a duration such as {@code "10 seconds"} or {@code "1
   * minute 30 seconds"} (a month counts as 31 days). The string is parsed before the mode is
   * checked, so a negative or malformed string throws {@link IllegalArgumentException} first.
   */
  void setTimeoutDuration(String duration);

  /**
   * Times the key out when the event-time watermark passes {@code timestampMs}.
   *
   * @throws UnsupportedOperationException outside EventTimeTimeout
   * @throws IllegalArgumentException when {@code timestampMs <= 0} or below the current watermark
   */
  void setTimeoutTimestamp(long timestampMs);

  /** As {@link #setTimeoutTimestamp(long)} with {@code timestampMs + additionalDuration}. */
  void setTimeoutTimestamp(long timestampMs, String additionalDuration);

  /** As {@link #setTimeoutTimestamp(long)} with {@code timestamp.getTime()}. */
  void setTimeoutTimestamp(Date timestamp);

  /** As {@link #setTimeoutTimestamp(long)} with {@code timestamp.getTime() + additionalDuration}. */
  void setTimeoutTimestamp(Date timestamp, String additionalDuration);

  /**
   * The batch's eviction watermark in epoch milliseconds (0 in the first batch).
   *
   * @throws UnsupportedOperationException when the query defines no watermark
   */
  long getCurrentWatermarkMs();

  /**
   * The batch timestamp in epoch milliseconds: fixed when the batch is planned, recorded with its
   * offsets, and the same when the batch is re-executed after a crash.
   */
  long getCurrentProcessingTimeMs();
}
