package dev.eddy.files.internal;

import dev.eddy.spi.Options;
import java.util.Locale;

/**
 * What a file source does with a malformed line (option {@code mode}, as in Spark):
 * PERMISSIVE (the default) keeps the record with null for the fields it could not read,
 * DROPMALFORMED skips it, FAILFAST stops the query with an error naming the file and the line.
 * PERMISSIVE and DROPMALFORMED count the lines they keep or skip.
 */
enum ParseMode {
  PERMISSIVE,
  DROPMALFORMED,
  FAILFAST;

  /**
   * The mode named by option {@code mode}.
   *
   * @throws IllegalArgumentException naming the option and the modes when the value is unknown
   */
  static ParseMode from(Options options) {
    String v = options.getString("mode", "PERMISSIVE");
    try {
      return valueOf(v.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException(
          "Option 'mode' for format '" + options.format() + "' must be PERMISSIVE, DROPMALFORMED or FAILFAST, got '"
              + v + "'", e);
    }
  }
}
