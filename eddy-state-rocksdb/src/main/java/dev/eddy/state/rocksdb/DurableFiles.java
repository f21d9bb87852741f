package dev.eddy.state.rocksdb;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.stream.Stream;
import java.util.zip.CRC32C;

/**
 * File operations that survive a crash at any instant: data goes to a temporary name, is
 * fsynced, renamed atomically and the directory is fsynced, so a reader sees either no file or
 * the whole file. Temporary names contain {@link #TEMP_MARKER} and are never read.
 *
 * <p>Thread safety: stateless.
 */
final class DurableFiles {
  /** Part of every temporary file or directory name. */
  static final String TEMP_MARKER = ".tmp-";

  private DurableFiles() {}

  /** Writes {@code bytes[0, length)} to {@code target} atomically and durably. */
  static void writeAtomically(Path target, byte[] bytes, int length) throws IOException {
    Path temp = tempSibling(target);
    try {
      try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
        ByteBuffer buf = ByteBuffer.wrap(bytes, 0, length);
        while (buf.hasRemaining()) {
          ch.write(buf);
        }
        ch.force(true);
      }
      Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      fsyncDirectory(target.getParent());
    } finally {
      Files.deleteIfExists(temp);
    }
  }

  /** A fresh temporary name next to {@code target}. */
  static Path tempSibling(Path target) {
    return target.resolveSibling("." + target.getFileName() + TEMP_MARKER + System.nanoTime());
  }

  static void fsyncDirectory(Path dir) throws IOException {
    try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
      ch.force(true);
    }
  }

  /** Copies {@code from} to {@code to} (which must not exist), fsyncs it and returns its CRC32C. */
  static long copyWithChecksum(Path from, Path to) throws IOException {
    CRC32C crc = new CRC32C();
    byte[] chunk = new byte[1 << 16];
    try (InputStream in = Files.newInputStream(from);
        FileChannel out = FileChannel.open(to, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
      for (int n; (n = in.read(chunk)) > 0; ) {
        crc.update(chunk, 0, n);
        ByteBuffer buf = ByteBuffer.wrap(chunk, 0, n);
        while (buf.hasRemaining()) {
          out.write(buf);
        }
      }
      out.force(true);
    }
    return crc.getValue();
  }

  /** Deletes {@code path} and everything under it; no effect when absent. */
  static void deleteRecursively(Path path) throws IOException {
    if (!Files.exists(path)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(path)) {
      for (Path p : (Iterable<Path>) walk.sorted(Comparator.reverseOrder())::iterator) {
        try {
          Files.delete(p);
        } catch (NoSuchFileException e) {
          // removed concurrently: the goal is reached
        }
      }
    }
  }

  /** Deletes temporary files and directories left in {@code dir} by an earlier crash. */
  static void deleteTemporaries(Path dir) throws IOException {
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "*" + TEMP_MARKER + "*")) {
      for (Path p : ds) {
        deleteRecursively(p);
      }
    }
  }
}
