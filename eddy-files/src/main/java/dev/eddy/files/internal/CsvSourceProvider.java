package dev.eddy.files.internal;

import dev.eddy.Encoder;
import dev.eddy.spi.Options;
import java.util.Arrays;
import java.util.stream.Stream;

/**
 * Format {@code csv}: one record per line (see {@link CsvRecordParser}), fields by position into
 * the columns of the declared schema (required). Takes the file source options, {@code mode} (see
 * {@link ParseMode}) and the options of {@link CsvOptions}; with {@code header} the first line of
 * each file is skipped (its names are not checked against the schema, as with Spark's default
 * {@code enforceSchema}).
 *
 * <p>Thread safety: stateless.
 */
public final class CsvSourceProvider extends FileSourceProvider {
  @Override
  public String shortName() {
    return "csv";
  }

  @Override
  String[] formatOptions() {
    return Stream.concat(Stream.of("mode"), Arrays.stream(CsvOptions.NAMES)).toArray(String[]::new);
  }

  @Override
  ColumnSchema columns(Encoder<?> declared, Options options) {
    return required(declared, options);
  }

  @Override
  RecordParser parser(ColumnSchema schema, Options options) {
    return new CsvRecordParser(schema, CsvOptions.from(options));
  }

  @Override
  boolean skipHeader(Options options) {
    return CsvOptions.from(options).header();
  }

  @Override
  ParseMode mode(Options options) {
    return ParseMode.from(options);
  }
}
