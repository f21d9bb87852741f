package dev.eddy.streaming;

/**
 * Which timeouts a stateful operator supports: none, processing time (the batch timestamp of the
 * injected clock) or event time (the watermark). See {@link GroupState} for how keys time out.
 */
public final class GroupStateTimeout {
  private static final GroupStateTimeout NO = new GroupStateTimeout("NoTimeout");
  private static final GroupStateTimeout PROCESSING = new GroupStateTimeout("ProcessingTimeTimeout");
  private static final GroupStateTimeout EVENT = new GroupStateTimeout("EventTimeTimeout");

  private final String name;

  private GroupStateTimeout(String name) {
    this.name = name;
  }

  /** Keys never time out. */
  public static GroupStateTimeout NoTimeout() {
    return NO;
  }

  /** Keys time out by {@link GroupState#setTimeoutDuration(long)} against the batch timestamp. */
  public static GroupStateTimeout ProcessingTimeTimeout() {
    return PROCESSING;
  }

  /**
   * Keys time out by {@link GroupState#setTimeoutTimestamp(long)} against the watermark; the query
   * must call {@code withWatermark}.
   */
  public static GroupStateTimeout EventTimeTimeout() {
    return EVENT;
  }

  @Override
  public String toString() {
    return name;
  }
}
