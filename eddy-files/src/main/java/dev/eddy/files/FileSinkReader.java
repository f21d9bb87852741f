package dev.eddy.files;

import dev.eddy.Encoder;
import dev.eddy.files.internal.SinkOutput;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Reads what a {@code json} or {@code csv} file sink has committed to its directory. A sink
 * commits each batch by writing its data files first and then an entry of its metadata log
 * ({@code <dir>/_eddy_metadata/<batchId>}) naming them; this reader reads only files that an
 * entry names, so files left by a batch that crashed before its commit, and the duplicate
 * output a re-executed batch could otherwise leave, are never seen. Together with a replayable
 * source and a checkpoint this gives exactly-once output.
 *
 * <p>Records come back in batch order, and within a batch in the order the sink received them.
 * Values are read as the file source reads them: fields by name (JSON) or position (CSV), a
 * field missing from a JSON line (the sink leaves out nulls) is null.
 *
 * <p>Thread safety: stateless; safe to call while the sink is writing (a batch becomes visible
 * whole, when its log entry appears).
 */
public final class FileSinkReader {
  private FileSinkReader() {}

  /**
   * The names of the committed data files of sink directory {@code dir}, relative to it, in
   * batch order; empty when nothing is committed.
   *
   * @throws IllegalStateException naming the log entry when one is corrupt
   */
  public static List<String> committedFiles(Path dir) {
    return SinkOutput.committedFiles(dir);
  }

  /**
   * Every line of the committed data files of {@code dir}, in batch order (for CSV with {@code
   * header}, the header lines too).
   *
   * @throws java.io.UncheckedIOException naming the file when a committed file cannot be read
   */
  public static List<String> readLines(Path dir) {
    return SinkOutput.readLines(dir);
  }

  /**
   * The committed records of {@code dir} as values of {@code encoder}'s type (a record, bean or
   * scalar encoder), reading CSV with Spark's default options.
   *
   * @throws MalformedFileException naming the file and line when a record does not fit the type
   */
  public static <T> List<T> read(Path dir, Encoder<T> encoder) {
    return SinkOutput.read(dir, encoder, Map.of());
  }

  /**
   * As {@link #read(Path, Encoder)}, reading CSV files with the options the sink was given
   * ({@code header}, {@code sep}, {@code quote}, {@code escape}).
   */
  public static <T> List<T> read(Path dir, Encoder<T> encoder, Map<String, String> csvOptions) {
    return SinkOutput.read(dir, encoder, csvOptions);
  }
}
