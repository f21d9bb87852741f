package dev.eddy.state.rocksdb;

import dev.eddy.internal.checkpoint.CheckpointIO;
import dev.eddy.internal.codec.ByteInput;
import dev.eddy.internal.codec.ByteOutput;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * The changes of one committed version of a partition, in {@code <storeDir>/<version>.changelog}.
 *
 * <p>Format: the line {@value #HEADER}, then varint-prefixed records of a body — the number of
 * column family names and the names (index 0 is the store's own metadata), then per change an
 * op byte ({@link #PUT} or {@link #DELETE}), the column family index, the key and, for a put, the
 * value, each as varint length plus bytes; then an {@link #END} byte, the number of changes, and
 * a big-endian CRC32C of everything after the header line. A file that is torn, truncated or
 * altered fails its checksum and is reported naming the file, never applied.
 *
 * <p>Writing streams: changes go through a buffer of at most about {@value #FLUSH_BYTES} bytes to a temporary
 * file, so a commit of any size needs no more heap than that; {@link #commit} ends the file,
 * fsyncs it and renames it into place atomically ({@link DurableFiles}), and {@link #close}
 * without a commit deletes the temporary file.
 *
 * <p>Thread safety: none; a changelog is written by the thread committing the batch.
 */
final class Changelog implements AutoCloseable {
  static final String HEADER = "eddy-rocksdb-changelog 1";
  static final byte END = 0;
  static final byte PUT = 1;
  static final byte DELETE = 2;
  private static final byte[] HEADER_LINE = (HEADER + "\n").getBytes(StandardCharsets.US_ASCII);
  private static final int FLUSH_BYTES = CommitWriter.CHUNK_BYTES;

  /** Receives the changes of a changelog in order. */
  interface Visitor {
    /** {@code value} is null for a delete. */
    void change(int columnFamily, byte[] key, byte[] value) throws Exception;
  }

  private final Path file;
  private final Path temp;
  private final FileChannel channel;
  private final ByteOutput out = new ByteOutput(4096);
  private final CRC32C crc = new CRC32C();
  private int crcFrom;
  private long changes;
  private long bytes;
  private long writeNanos;
  private boolean committed;

  private Changelog(Path file) throws IOException {
    this.file = file;
    this.temp = DurableFiles.tempSibling(file);
    this.channel = FileChannel.open(temp, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE);
  }

  /** Starts {@code file} for the given column family names (index 0: metadata). */
  static Changelog create(Path file, List<String> columnFamilies) throws IOException {
    Changelog c = new Changelog(file);
    c.out.writeBytes(HEADER_LINE, 0, HEADER_LINE.length);
    c.crcFrom = c.out.size();
    c.out.writeLength(columnFamilies.size());
    columnFamilies.forEach(c.out::writeString);
    return c;
  }

  /** @throws UncheckedIOException naming the file when writing fails */
  void put(int columnFamily, byte[] key, byte[] value) {
    out.writeByte(PUT);
    out.writeLength(columnFamily);
    writeBytes(key);
    writeBytes(value);
    changed();
  }

  /** @throws UncheckedIOException naming the file when writing fails */
  void delete(int columnFamily, byte[] key) {
    out.writeByte(DELETE);
    out.writeLength(columnFamily);
    writeBytes(key);
    changed();
  }

  /** Ends the file, makes it durable under its name and returns its size in bytes. */
  long commit() throws IOException {
    out.writeByte(END);
    out.writeVarLong(changes);
    drain();
    out.writeInt((int) crc.getValue());
    long t0 = System.nanoTime();
    write();
    channel.force(true);
    channel.close();
    Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    CheckpointIO.syncDirectory(file.getParent());
    writeNanos += System.nanoTime() - t0;
    committed = true;
    return bytes;
  }

  /** Nanoseconds spent writing and syncing the file. */
  long writeNanos() {
    return writeNanos;
  }

  /** Releases the file; without a commit the temporary file is deleted. */
  @Override
  public void close() throws IOException {
    channel.close();
    if (!committed) {
      Files.deleteIfExists(temp);
    }
  }

  /**
   * Checks {@code file} and hands its changes to {@code visitor}.
   *
   * @param columnFamilies receives the column family names of the file
   * @throws IllegalStateException naming the file when it is missing, torn or corrupt
   */
  static void read(Path file, List<String> columnFamilies, Visitor visitor) throws Exception {
    byte[] bytes;
    try {
      bytes = Files.readAllBytes(file);
    } catch (NoSuchFileException e) {
      throw new IllegalStateException("Changelog file " + file + " is missing", e);
    }
    int bodyStart = HEADER_LINE.length;
    if (bytes.length < bodyStart + 4 || !Arrays.equals(bytes, 0, bodyStart, HEADER_LINE, 0, bodyStart)) {
      throw new IllegalStateException(
          "Changelog file " + file + " does not start with '" + HEADER + "' (unknown format or torn file)");
    }
    int crcAt = bytes.length - 4;
    CRC32C crc = new CRC32C();
    crc.update(bytes, bodyStart, crcAt - bodyStart);
    int stored = new ByteInput(bytes, crcAt, 4).readInt();
    if (stored != (int) crc.getValue()) {
      throw new IllegalStateException("Changelog file " + file + " fails its CRC32C checksum (torn or corrupt file)");
    }
    ByteInput in = new ByteInput(bytes, bodyStart, crcAt - bodyStart);
    try {
      int cfs = in.readLength();
      for (int i = 0; i < cfs; i++) {
        columnFamilies.add(in.readString());
      }
      long seen = 0;
      for (byte op = in.readByte(); op != END; op = in.readByte()) {
        int cf = in.readLength();
        if (cf >= cfs || (op != PUT && op != DELETE)) {
          throw new IllegalArgumentException("bad change " + op + " of column family " + cf + " at offset " + in.position());
        }
        byte[] key = in.readBytes(in.readLength());
        visitor.change(cf, key, op == PUT ? in.readBytes(in.readLength()) : null);
        seen++;
      }
      if (in.readVarLong() != seen || in.remaining() != 0) {
        throw new IllegalArgumentException("change count does not match");
      }
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException("Changelog file " + file + " is malformed: " + e.getMessage(), e);
    }
  }

  private void writeBytes(byte[] b) {
    out.writeLength(b.length);
    out.writeBytes(b, 0, b.length);
  }

  private void changed() {
    changes++;
    if (out.size() >= FLUSH_BYTES) {
      try {
        drain();
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot write changelog file " + temp + ": " + e.getMessage(), e);
      }
    }
  }

  /** Checksums and writes the buffered bytes. */
  private void drain() throws IOException {
    crc.update(out.buffer(), crcFrom, out.size() - crcFrom);
    long t0 = System.nanoTime();
    write();
    writeNanos += System.nanoTime() - t0;
  }

  private void write() throws IOException {
    ByteBuffer buf = ByteBuffer.wrap(out.buffer(), 0, out.size());
    while (buf.hasRemaining()) {
      channel.write(buf);
    }
    bytes += out.size();
    out.reset();
    crcFrom = 0;
  }
}
