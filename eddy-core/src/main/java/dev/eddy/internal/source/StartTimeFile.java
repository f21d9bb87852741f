package dev.eddy.internal.source;

import dev.eddy.internal.checkpoint.CheckpointIO;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The start time of a {@code rate} source, kept in the source's metadata directory so a restarted
 * query gives every value the same timestamp as before. The file holds the epoch milliseconds as
 * decimal text; it is written once ({@link CheckpointIO#writeNew}) and only read afterwards.
 *
 * <p>Thread safety: used by the query thread only.
 */
final class StartTimeFile {
  static final String NAME = "rate-start-time";

  private StartTimeFile() {}

  /**
   * The start time recorded in {@code dir}; when there is none, records {@code now} and returns it.
   *
   * @throws UncheckedIOException naming the file when it cannot be read or written
   * @throws IllegalStateException naming the file when it does not hold a number
   */
  static long readOrCreate(Path dir, long now) {
    Path file = dir.resolve(NAME);
    if (!Files.exists(file)) {
      byte[] text = Long.toString(now).getBytes(StandardCharsets.US_ASCII);
      if (CheckpointIO.get().writeNew(file, out -> out.write(text))) {
        return now;
      }
    }
    return read(file);
  }

  private static long read(Path file) {
    String text = new String(CheckpointIO.get().read(file), StandardCharsets.US_ASCII).trim();
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw new IllegalStateException(
          "Corrupt rate source start time file " + file + ": expected epoch milliseconds, got '" + text + "'", e);
    }
  }
}
