package dev.eddy.files.internal;

import dev.eddy.Encoder;
import dev.eddy.spi.Options;

/**
 * Format {@code text}: one row per line with a single String column {@code value}, as in Spark.
 * A declared schema is optional; when given it must have exactly one String field, whose name the
 * column takes. Takes the file source options.
 *
 * <p>Thread safety: stateless.
 */
public final class TextSourceProvider extends FileSourceProvider {
  @Override
  public String shortName() {
    return "text";
  }

  @Override
  String[] formatOptions() {
    return new String[0];
  }

  @Override
  ColumnSchema columns(Encoder<?> declared, Options options) {
    if (declared == null) {
      return ColumnSchema.text("value");
    }
    ColumnSchema s = ColumnSchema.of(declared);
    if (s.size() != 1 || s.type(0) != String.class) {
      throw new IllegalArgumentException(
          "Format 'text' reads a single String column; the schema " + declared + " has columns " + s.names());
    }
    return ColumnSchema.text(s.name(0));
  }

  @Override
  RecordParser parser(ColumnSchema schema, Options options) {
    return new TextRecordParser();
  }
}
