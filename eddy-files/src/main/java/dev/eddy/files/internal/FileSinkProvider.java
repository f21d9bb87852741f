package dev.eddy.files.internal;

import dev.eddy.spi.Options;
import dev.eddy.spi.Sink;
import dev.eddy.spi.SinkContext;
import dev.eddy.spi.SinkProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.stream.Stream;

/**
 * What the file sink formats share: option {@code path} (required, the output directory, created
 * when missing) and a {@link FileStreamSink} committing through the directory's metadata log.
 * Subclasses say which further options they take and how rows are written.
 *
 * <p>Thread safety: stateless; a provider may create sinks for several queries.
 */
abstract class FileSinkProvider implements SinkProvider {
  @Override
  public <T> Sink<T> createSink(SinkContext<T> context, Options options) {
    options.requireOnly(Stream.concat(Stream.of("path"), Arrays.stream(formatOptions())).toArray(String[]::new));
    Path dir = Path.of(options.require("path")).toAbsolutePath().normalize();
    try {
      Files.createDirectories(dir);
    } catch (IOException e) {
      throw new UncheckedIOException(
          "Cannot create the directory of option 'path' for format '" + options.format() + "': " + dir, e);
    }
    return new FileStreamSink<>(dir, context.encoder(), writer(options));
  }

  /** The options of this format besides {@code path}. */
  abstract String[] formatOptions();

  abstract RecordWriter writer(Options options);
}
