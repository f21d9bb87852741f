package dev.eddy.internal.source;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * The start time of a {@code rate} source, kept in the source's metadata directory so a restarted
 * query gives every value the same timestamp as before. The file holds the epoch milliseconds as
 * decimal text; it is written once (temporary file, fsync, atomic rename, directory fsync) and
 * only read afterwards.
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
    try {
      if (Files.exists(file)) {
        return read(file);
      }
      Files.createDirectories(dir);
      Path tmp = dir.resolve(NAME + ".tmp");
      try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
          StandardOpenOption.TRUNCATE_EXISTING)) {
        ByteBuffer bytes = ByteBuffer.wrap(Long.toString(now).getBytes(StandardCharsets.US_ASCII));
        while (bytes.hasRemaining()) {
          ch.write(bytes);
        }
        ch.force(true);
      }
      Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE);
      syncDirectory(dir);
      return now;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read or write the rate source start time file " + file, e);
    }
  }

  private static long read(Path file) throws IOException {
    String text = Files.readString(file, StandardCharsets.US_ASCII).trim();
    try {
      return Long.parseLong(text);
    } catch (NumberFormatException e) {
      throw new IllegalStateException(
          "Corrupt rate source start time file " + file + ": expected epoch milliseconds, got '" + text + "'", e);
    }
  }

  /** Makes the rename durable; skipped where directories cannot be opened (Windows). */
  private static void syncDirectory(Path dir) {
    try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
      ch.force(true);
    } catch (IOException e) {
      // The platform does not support opening a directory; the rename is as durable as it allows.
    }
  }
}
