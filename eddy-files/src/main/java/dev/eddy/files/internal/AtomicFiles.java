package dev.eddy.files.internal;

import java.io.BufferedOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;

/**
 * Writes a file so that readers see either nothing or all of it: the content goes to a hidden
 * temporary file beside the target ({@code .<name>.tmp}, which directory listings of sources and
 * readers skip), is flushed and fsynced, then renamed atomically onto the target name; finally the
 * directory is fsynced so the rename survives a power loss.
 *
 * <p>Thread safety: stateless; concurrent writers of the same target must be coordinated by the
 * caller.
 */
final class AtomicFiles {
  /** Writes the content of a file to a stream. */
  @FunctionalInterface
  interface Content {
    void writeTo(OutputStream out) throws IOException;
  }

  private AtomicFiles() {}

  /** The hidden temporary name used while {@code target} is written. */
  static Path temporaryOf(Path target) {
    return target.resolveSibling("." + target.getFileName() + ".tmp");
  }

  /**
   * Writes {@code content} to {@code target}, replacing nothing: when {@code target} exists
   * already, the temporary file is deleted and false is returned.
   *
   * @throws IOException when writing, syncing or renaming fails; the temporary file is deleted
   */
  static boolean writeNew(Path target, Content content) throws IOException {
    Path tmp = temporaryOf(target);
    try {
      try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
          StandardOpenOption.TRUNCATE_EXISTING)) {
        OutputStream out = new BufferedOutputStream(Channels.newOutputStream(ch), 1 << 16);
        content.writeTo(new FilterOutputStream(out) {
          @Override
          public void write(byte[] b, int off, int len) throws IOException {
            out.write(b, off, len);
          }

          @Override
          public void close() throws IOException {
            out.flush(); // the channel stays open until it is fsynced
          }
        });
        out.flush();
        ch.force(true);
      }
      if (Files.exists(target)) {
        Files.deleteIfExists(tmp);
        return false;
      }
      Files.move(tmp, target, StandardCopyOption.ATOMIC_MOVE);
    } catch (FileAlreadyExistsException e) {
      Files.deleteIfExists(tmp);
      return false;
    } catch (IOException | RuntimeException e) {
      Files.deleteIfExists(tmp);
      throw e;
    }
    syncDirectory(target.getParent());
    return true;
  }

  /** Makes renames in {@code dir} durable; skipped where directories cannot be opened (Windows). */
  static void syncDirectory(Path dir) {
    try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
      ch.force(true);
    } catch (IOException e) {
      // The platform cannot open a directory; the rename is as durable as it allows.
    }
  }
}
