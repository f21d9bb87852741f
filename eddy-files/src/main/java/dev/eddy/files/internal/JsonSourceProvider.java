package dev.eddy.files.internal;

import dev.eddy.Encoder;
import dev.eddy.spi.Options;

/**
 * Format {@code json}: JSON Lines files (one object per line, see {@link JsonRecordParser}) read
 * into the columns of the declared schema (required). Takes the file source options and {@code
 * mode} (see {@link ParseMode}).
 *
 * <p>Thread safety: stateless.
 */
public final class JsonSourceProvider extends FileSourceProvider {
  @Override
  public String shortName() {
    return "json";
  }

  @Override
  String[] formatOptions() {
    return new String[] {"mode"};
  }

  @Override
  ColumnSchema columns(Encoder<?> declared, Options options) {
    return required(declared, options);
  }

  @Override
  RecordParser parser(ColumnSchema schema, Options options) {
    return new JsonRecordParser(schema);
  }

  @Override
  ParseMode mode(Options options) {
    return ParseMode.from(options);
  }
}
