package dev.eddy.internal.checkpoint;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.UUID;

/**
 * Every byte Eddy writes into a checkpoint goes through here (SEMANTICS C3): a file is written
 * whole to a temporary name in the same directory, flushed and fsynced, then atomically renamed
 * over its final name, and the directory is fsynced so the rename survives a power loss. Readers
 * therefore see either the old file or the complete new one, never a torn one (a torn write can
 * only leave a temporary file, which readers ignore and maintenance deletes).
 *
 * <p>The instance in use can be replaced (see {@link #install}) so tests can simulate a full disk
 * or a failing device behind the stores' and logs' file I/O.
 *
 * <p>Thread safety: stateless; safe from any thread.
 */
public class CheckpointIO {
  /** Prefix of temporary files; readers and listings skip names starting with it. */
  public static final String TEMP_PREFIX = ".tmp-";

  private static volatile CheckpointIO current = new CheckpointIO();

  /** The instance in use. */
  public static CheckpointIO get() {
    return current;
  }

  /** Replaces the instance in use (tests); returns the previous one. */
  public static CheckpointIO install(CheckpointIO io) {
    CheckpointIO previous = current;
    current = io;
    return previous;
  }

  /**
   * Writes {@code bytes} to {@code file} atomically and durably.
   *
   * @throws UncheckedIOException naming the file when any step fails; the final file is then
   *     unchanged
   */
  public void writeAtomically(Path file, byte[] bytes) {
    Path dir = file.getParent();
    Path temp = dir.resolve(TEMP_PREFIX + file.getFileName() + "-" + UUID.randomUUID());
    try {
      Files.createDirectories(dir);
      try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
        ByteBuffer buf = ByteBuffer.wrap(bytes);
        while (buf.hasRemaining()) {
          write(ch, buf);
        }
        ch.force(true);
      }
      try {
        Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
      } catch (AtomicMoveNotSupportedException e) {
        throw new IOException("The file system of " + dir + " cannot rename atomically", e);
      }
      syncDirectory(dir);
    } catch (IOException e) {
      deleteQuietly(temp);
      throw new UncheckedIOException("Cannot write checkpoint file " + file + ": " + e.getMessage(), e);
    }
  }

  /** Writes the content of a file to a stream. */
  @FunctionalInterface
  public interface Content {
    void writeTo(OutputStream out) throws IOException;
  }

  /**
   * Writes {@code content} to {@code file} atomically and durably unless {@code file} exists: the
   * temporary file is published with a hard link, which fails when the name is taken, so checking
   * and publishing are one step even with another writer racing for the name. The content is
   * streamed, so it need not fit in memory.
   *
   * @return false when {@code file} existed already (nothing was written)
   * @throws UncheckedIOException naming the file when any step fails; {@code file} is then absent
   */
  public boolean writeNew(Path file, Content content) {
    Path dir = file.getParent();
    Path temp = dir.resolve(TEMP_PREFIX + file.getFileName() + "-" + UUID.randomUUID());
    try {
      Files.createDirectories(dir);
      try (FileChannel ch = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
        OutputStream out = new BufferedOutputStream(new OutputStream() {
          @Override
          public void write(int b) throws IOException {
            write(new byte[] {(byte) b}, 0, 1);
          }

          @Override
          public void write(byte[] b, int off, int len) throws IOException {
            ByteBuffer buf = ByteBuffer.wrap(b, off, len);
            while (buf.hasRemaining()) {
              CheckpointIO.this.write(ch, buf);
            }
          }
        }, 1 << 16);
        content.writeTo(out);
        out.flush(); // not closed: the channel stays open until it is fsynced
        ch.force(true);
      }
      try {
        Files.createLink(file, temp);
      } catch (FileAlreadyExistsException e) {
        return false;
      }
      syncDirectory(dir);
      return true;
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot write checkpoint file " + file + ": " + e.getMessage(), e);
    } finally {
      deleteQuietly(temp);
    }
  }

  /** One write call; a seam for fault injection. */
  protected void write(FileChannel channel, ByteBuffer buf) throws IOException {
    channel.write(buf);
  }

  /**
   * The bytes of {@code file}.
   *
   * @throws UncheckedIOException naming the file when it cannot be read
   */
  public byte[] read(Path file) {
    try {
      return Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      throw new UncheckedIOException("Checkpoint file " + file + " does not exist", e);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read checkpoint file " + file + ": " + e.getMessage(), e);
    }
  }

  /** Deletes {@code file} if it exists. */
  public void delete(Path file) {
    deleteQuietly(file);
  }

  private static void deleteQuietly(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException ignored) {
      // a leftover temporary file is ignored by readers and removed by maintenance
    }
  }

  /** Makes renames in {@code dir} durable (where the file system lets a directory be opened). */
  public static void syncDirectory(Path dir) {
    try (FileChannel ch = FileChannel.open(dir, StandardOpenOption.READ)) {
      ch.force(true);
    } catch (IOException e) {
      // some file systems cannot open a directory for reading; the rename is then as durable as they allow
    }
  }

  /**
   * Deletes {@code path} and everything under it; no effect when absent.
   *
   * @throws UncheckedIOException naming the path when something cannot be deleted
   */
  public static void deleteRecursively(Path path) {
    if (!Files.exists(path)) {
      return;
    }
    try (java.util.stream.Stream<Path> walk = Files.walk(path)) {
      for (Path p : (Iterable<Path>) walk.sorted(java.util.Comparator.reverseOrder())::iterator) {
        Files.deleteIfExists(p);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot delete " + path + ": " + e.getMessage(), e);
    }
  }
}
