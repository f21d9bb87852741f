package dev.eddy.files.internal;

import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import dev.eddy.spi.Options;

/**
 * The CSV options, with Spark's names and defaults: {@code header} (false: on reading, skip each
 * file's first line; on writing, write the column names first), {@code sep} (alias {@code
 * delimiter}, default {@code ,}), {@code quote} (default {@code "}; an empty string turns quoting
 * off) and {@code escape} (default {@code \}, escapes the quote character inside quoted values).
 * Each must be one character, or {@code \t}.
 *
 * <p>Thread safety: immutable.
 */
record CsvOptions(boolean header, char sep, char quote, char escape) {
  static final char NO_QUOTE = '\0';

  /** The option names, for {@link Options#requireOnly}. */
  static final String[] NAMES = {"header", "sep", "delimiter", "quote", "escape"};

  /**
   * Reads the options.
   *
   * @throws IllegalArgumentException naming the option when its value is not one character
   */
  static CsvOptions from(Options options) {
    String sep = options.get("sep") != null ? "sep" : "delimiter";
    return new CsvOptions(
        options.getBoolean("header", false),
        oneChar(options, sep, ","),
        oneChar(options, "quote", "\""),
        oneChar(options, "escape", "\\"));
  }

  private static char oneChar(Options options, String key, String defaultValue) {
    String v = options.getString(key, defaultValue);
    if (v.equals("\\t")) {
      return '\t';
    }
    if (v.isEmpty() && key.equals("quote")) {
      return NO_QUOTE;
    }
    if (v.length() != 1) {
      throw new IllegalArgumentException(
          "Option '" + key + "' for format '" + options.format() + "' must be a single character, got '" + v + "'");
    }
    return v.charAt(0);
  }

  /** Jackson's schema for these options, without columns. */
  CsvSchema jacksonSchema() {
    CsvSchema s = CsvSchema.emptySchema().withColumnSeparator(sep).withEscapeChar(escape);
    return quote == NO_QUOTE ? s.withoutQuoteChar() : s.withQuoteChar(quote);
  }
}
