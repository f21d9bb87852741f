package dev.eddy.streaming;

import java.util.Locale;

/**
 * How a query's output rows relate to earlier batches. Stateful operators support {@link
 * #Append()} and {@link #Update()}; {@link #Complete()} exists for Spark compatibility and is
 * rejected with {@link IllegalArgumentException} (SEMANTICS Q1).
 */
public final class OutputMode {
  private static final OutputMode APPEND = new OutputMode("Append");
  private static final OutputMode UPDATE = new OutputMode("Update");
  private static final OutputMode COMPLETE = new OutputMode("Complete");

  private final String name;

  private OutputMode(String name) {
    this.name = name;
  }

  /** Only new rows, each emitted once. */
  public static OutputMode Append() {
    return APPEND;
  }

  /** Rows updated in the batch. */
  public static OutputMode Update() {
    return UPDATE;
  }

  /** The whole result every batch; not supported by stateful operators. */
  public static OutputMode Complete() {
    return COMPLETE;
  }

  /**
   * Parses {@code "append"}, {@code "update"} or {@code "complete"}, ignoring case.
   *
   * @throws IllegalArgumentException naming the value when it is none of these
   */
  public static OutputMode fromString(String mode) {
    switch (mode == null ? "" : mode.toLowerCase(Locale.ROOT)) {
      case "append":
        return APPEND;
      case "update":
        return UPDATE;
      case "complete":
        return COMPLETE;
      default:
        throw new IllegalArgumentException(
            "Unknown output mode '" + mode + "': expected one of append, update, complete");
    }
  }

  @Override
  public String toString() {
    return name;
  }
}
