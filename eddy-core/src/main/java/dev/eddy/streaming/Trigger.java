package dev.eddy.streaming;

import dev.eddy.internal.time.Durations;
import java.util.concurrent.TimeUnit;

/**
 * When a query runs its micro-batches.
 *
 * <ul>
 *   <li>default (no trigger set): the next batch starts as soon as the previous one finished and
 *       there is new data or a no-data batch is due;
 *   <li>{@link #ProcessingTime(long)}: one batch at most per interval, at multiples of the interval
 *       on the query's clock;
 *   <li>{@link #AvailableNow()}: everything available at start, in as many batches as needed, then
 *       stop;
 *   <li>{@link #Once()}: everything available at start in one batch, then stop.
 * </ul>
 */
public final class Trigger {
  /** The kinds of trigger. */
  public enum Kind {
    DEFAULT,
    PROCESSING_TIME,
    ONCE,
    AVAILABLE_NOW
  }

  private static final Trigger DEFAULT = new Trigger(Kind.DEFAULT, 0);
  private final Kind kind;
  private final long intervalMs;

  private Trigger(Kind kind, long intervalMs) {
    this.kind = kind;
    this.intervalMs = intervalMs;
  }

  /** A batch every {@code intervalMs} milliseconds; 0 means as fast as possible. */
  public static Trigger ProcessingTime(long intervalMs) {
    if (intervalMs < 0) {
      throw new IllegalArgumentException("Trigger interval must not be negative: " + intervalMs);
    }
    return intervalMs == 0 ? DEFAULT : new Trigger(Kind.PROCESSING_TIME, intervalMs);
  }

  /** A batch every {@code interval} of {@code unit}. */
  public static Trigger ProcessingTime(long interval, TimeUnit unit) {
    return ProcessingTime(unit.toMillis(interval));
  }

  /** A batch every interval given as a string such as {@code "10 seconds"}. */
  public static Trigger ProcessingTime(String interval) {
    return ProcessingTime(Durations.parseMillis(interval));
  }

  /** Everything available at start in one batch, then stop. */
  public static Trigger Once() {
    return new Trigger(Kind.ONCE, 0);
  }

  /** Everything available at start, possibly in several batches, then stop. */
  public static Trigger AvailableNow() {
    return new Trigger(Kind.AVAILABLE_NOW, 0);
  }

  /** The default trigger: batches back to back. */
  public static Trigger defaultTrigger() {
    return DEFAULT;
  }

  /** Which kind of trigger this is. */
  public Kind kind() {
    return kind;
  }

  /** The interval of a processing-time trigger, else 0. */
  public long intervalMs() {
    return intervalMs;
  }

  @Override
  public String toString() {
    return kind == Kind.PROCESSING_TIME ? "ProcessingTime(" + intervalMs + " ms)" : kind.toString();
  }
}
