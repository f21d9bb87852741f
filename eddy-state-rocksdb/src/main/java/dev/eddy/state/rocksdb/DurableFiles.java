package dev.eddy.state.rocksdb;

import dev.eddy.internal.checkpoint.CheckpointIO;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * The file operations the RocksDB backend needs beyond core's {@link CheckpointIO} (which does
 * atomic writes, directory syncs and recursive deletes for every backend): temporary names next
 * to a target, copies of RocksDB's files with a checksum, and removal of temporaries left by a
 * crash. Temporary names contain {@link #TEMP_MARKER} and are never read.
 *
 * <p>Thread safety: stateless.
 */
final class DurableFiles {
  /** Part of every temporary file or directory name. */
  static final String TEMP_MARKER = ".tmp-";

  private DurableFiles() {}

  /** A fresh temporary name next to {@code target}. */
  static Path tempSibling(Path target) {
    return target.resolveSibling("." + target.getFileName() + TEMP_MARKER + System.nanoTime());
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

  /** Deletes temporary files and directories left in {@code dir} by an earlier crash. */
  static void deleteTemporaries(Path dir) throws IOException {
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "*" + TEMP_MARKER + "*")) {
      for (Path p : ds) {
        CheckpointIO.deleteRecursively(p);
      }
    }
  }
}
