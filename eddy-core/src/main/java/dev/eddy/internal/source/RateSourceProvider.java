package dev.eddy.internal.source;

import dev.eddy.Encoder;
import dev.eddy.Encoders;
import dev.eddy.Row;
import dev.eddy.internal.time.Durations;
import dev.eddy.spi.Options;
import dev.eddy.spi.Source;
import dev.eddy.spi.SourceContext;
import dev.eddy.spi.SourceProvider;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Format {@code rate}: {@code rowsPerSecond} rows (default 1) every second of the query's clock,
 * reaching that speed gradually over {@code rampUpTime} (default {@code 0s}; whole seconds, such
 * as {@code 5}, {@code 5s}, {@code 2min} or {@code "5 seconds"}), read in {@code numPartitions}
 * partitions (default: the number of processors). Rows have columns {@code timestamp} and {@code
 * value}, as in Spark. With a checkpoint the source's start time is kept in its metadata
 * directory, so a restarted query gives each value the timestamp it had before.
 */
public final class RateSourceProvider implements SourceProvider {
  private static final Pattern COMPACT = Pattern.compile("(-?\\d+)\\s*([a-z]*)");
  private static final Map<String, Long> SUFFIX_MILLIS = Map.of(
      "ms", 1L, "s", 1000L, "m", 60_000L, "min", 60_000L, "h", 3_600_000L, "d", 86_400_000L);

  @Override
  public String shortName() {
    return "rate";
  }

  @Override
  public Encoder<Row> schema(Options options) {
    return Encoders.row("timestamp", "value");
  }

  @Override
  public Source<Row> createSource(SourceContext context, Options options) {
    options.requireOnly("rowsPerSecond", "rampUpTime", "numPartitions");
    long rowsPerSecond = options.getLong("rowsPerSecond", 1, 1);
    long rampUpSeconds = rampUpSeconds(options);
    int numPartitions = numPartitions(options);
    try {
      RateSource.valueAtSecond(rampUpSeconds, rowsPerSecond, rampUpSeconds);
    } catch (ArithmeticException e) {
      throw new IllegalArgumentException("Option 'rampUpTime' for format '" + options.format() + "' is too large: "
          + rampUpSeconds + "s of ramp-up at rowsPerSecond " + rowsPerSecond + " overflow a long", e);
    }
    long now = context.clock().getTimeMillis();
    long startTime = context.metadataDir() == null ? now : StartTimeFile.readOrCreate(context.metadataDir(), now);
    return new RateSource(context.clock(), startTime, rowsPerSecond, rampUpSeconds, numPartitions);
  }

  /**
   * Option {@code rampUpTime} in whole seconds: a number of seconds, a number with a unit suffix
   * ({@code ms s m min h d}), or an interval such as {@code "1 minute 30 seconds"}.
   */
  static long rampUpSeconds(Options options) {
    String text = options.getString("rampUpTime", "0s");
    long millis;
    Matcher m = COMPACT.matcher(text.trim().toLowerCase(Locale.ROOT));
    try {
      if (m.matches() && (m.group(2).isEmpty() || SUFFIX_MILLIS.containsKey(m.group(2)))) {
        long unit = m.group(2).isEmpty() ? 1000L : SUFFIX_MILLIS.get(m.group(2));
        millis = Math.multiplyExact(Long.parseLong(m.group(1)), unit);
      } else {
        millis = Durations.parseMillis(text);
      }
    } catch (IllegalArgumentException | ArithmeticException e) {
      throw new IllegalArgumentException("Option 'rampUpTime' for format '" + options.format()
          + "' must be a duration such as '5s' or '5 seconds', got '" + text + "'", e);
    }
    if (millis < 0) {
      throw new IllegalArgumentException(
          "Option 'rampUpTime' for format '" + options.format() + "' must not be negative, got '" + text + "'");
    }
    return millis / 1000;
  }

  /** Option {@code numPartitions}: a positive int, by default the number of processors. */
  static int numPartitions(Options options) {
    long n = options.getLong("numPartitions", Runtime.getRuntime().availableProcessors(), 1);
    if (n > Integer.MAX_VALUE) {
      throw new IllegalArgumentException(
          "Option 'numPartitions' for format '" + options.format() + "' must be at most " + Integer.MAX_VALUE + ", got " + n);
    }
    return (int) n;
  }
}
