package dev.eddy.files.internal;

import dev.eddy.spi.Options;

/**
 * Sink format {@code csv}: each batch becomes a CSV file (see {@link CsvRecordWriter}, options of
 * {@link CsvOptions}) committed exactly once through the directory's metadata log ({@link
 * FileStreamSink}). Read the output with {@link dev.eddy.files.FileSinkReader}, passing the same
 * CSV options.
 *
 * <p>Thread safety: stateless.
 */
public final class CsvSinkProvider extends FileSinkProvider {
  @Override
  public String shortName() {
    return "csv";
  }

  @Override
  String[] formatOptions() {
    return CsvOptions.NAMES;
  }

  @Override
  RecordWriter writer(Options options) {
    return new CsvRecordWriter(CsvOptions.from(options));
  }
}
