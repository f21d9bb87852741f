package dev.eddy.files.internal;

import dev.eddy.spi.Options;

/**
 * Sink format {@code json}: each batch becomes a JSON Lines file (see {@link JsonRecordWriter})
 * committed exactly once through the directory's metadata log ({@link FileStreamSink}). Read the
 * output with {@link dev.eddy.files.FileSinkReader}.
 *
 * <p>Thread safety: stateless.
 */
public final class JsonSinkProvider extends FileSinkProvider {
  @Override
  public String shortName() {
    return "json";
  }

  @Override
  String[] formatOptions() {
    return new String[0];
  }

  @Override
  RecordWriter writer(Options options) {
    return new JsonRecordWriter();
  }
}
