package dev.eddy.files.internal;

import dev.eddy.internal.time.Durations;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses Spark's time strings for options such as {@code maxFileAge}: a number with an optional
 * unit suffix ({@code us}, {@code ms}, {@code s}, {@code m}/{@code min}, {@code h}, {@code d};
 * no unit means milliseconds), e.g. {@code "7d"}, {@code "1h"}, {@code "500ms"}; interval
 * strings such as {@code "2 days"} are accepted too.
 *
 * <p>Thread safety: stateless.
 */
final class TimeStrings {
  private static final Pattern COMPACT = Pattern.compile("(-?[0-9]+)\\s*([a-z]*)");

  private TimeStrings() {}

  /**
   * Milliseconds in {@code text}, for the option {@code option} of format {@code format}.
   *
   * @throws IllegalArgumentException naming the option and the text when it is not a time string
   */
  static long parseMillis(String option, String format, String text) {
    String t = text.trim().toLowerCase(Locale.ROOT);
    Matcher m = COMPACT.matcher(t);
    try {
      if (m.matches()) {
        long n = Long.parseLong(m.group(1));
        switch (m.group(2)) {
          case "":
          case "ms":
            return n;
          case "us":
            return n / 1000;
          case "s":
            return n * 1000;
          case "m":
          case "min":
            return n * 60_000;
          case "h":
            return n * 3_600_000;
          case "d":
            return n * 86_400_000;
          default:
            break;
        }
      }
      return Durations.parseMillis(t);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Option '" + option + "' for format '" + format + "' must be a time string such as '7d', '1h' or '30s', got '"
              + text + "'", e);
    }
  }
}
