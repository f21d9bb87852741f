package dev.eddy.internal.time;

import java.util.Locale;

/**
 * Parses Spark-style interval strings such as {@code "10 seconds"}, {@code "1 minute 30
 * seconds"}, {@code "1 hour"}, {@code "-5 seconds"} or {@code "interval 2 days"} into
 * milliseconds. A month counts as 31 days and a year as 12 such months, as in Spark's {@code
 * GroupState}.
 */
public final class Durations {
  private Durations() {}

  /**
   * Milliseconds in {@code text}.
   *
   * @throws IllegalArgumentException naming the text when it is not an interval
   */
  public static long parseMillis(String text) {
    if (text == null || text.isBlank()) {
      throw new IllegalArgumentException("Interval string must not be empty: '" + text + "'");
    }
    String[] parts = text.trim().toLowerCase(Locale.ROOT).split("\\s+");
    int i = parts[0].equals("interval") ? 1 : 0;
    if (i >= parts.length || (parts.length - i) % 2 != 0) {
      throw new IllegalArgumentException("Cannot parse interval '" + text + "': expected pairs of <number> <unit>");
    }
    double total = 0;
    for (; i < parts.length; i += 2) {
      double n;
      try {
        n = Double.parseDouble(parts[i]);
      } catch (NumberFormatException e) {
        throw new IllegalArgumentException("Cannot parse interval '" + text + "': '" + parts[i] + "' is not a number", e);
      }
      total += n * unitMillis(parts[i + 1], text);
    }
    return Math.round(total);
  }

  private static double unitMillis(String unit, String text) {
    String u = unit.equals("ms") ? "millisecond"
        : unit.endsWith("s") && unit.length() > 3 ? unit.substring(0, unit.length() - 1) : unit;
    switch (u) {
      case "millisecond":
        return 1;
      case "microsecond":
        return 0.001;
      case "second":
      case "sec":
        return 1000;
      case "minute":
      case "min":
        return 60_000;
      case "hour":
        return 3_600_000;
      case "day":
        return 86_400_000;
      case "week":
        return 7 * 86_400_000.0;
      case "month":
        return 31 * 86_400_000.0;
      case "year":
        return 12 * 31 * 86_400_000.0;
      default:
        throw new IllegalArgumentException("Cannot parse interval '" + text + "': unknown unit '" + unit + "'");
    }
  }
}
