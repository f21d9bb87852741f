package dev.eddy.state.rocksdb;

import dev.eddy.internal.codec.ByteOutput;
import org.rocksdb.WriteBatch;

/**
 * Builds a RocksDB write batch in a Java byte array, in the serialized form that RocksDB's WAL and
 * {@link WriteBatch#data()} use, so that a commit of a million changes crosses JNI once instead of
 * once per change (which costs more than building the array). The form is RocksDB's {@code
 * WriteBatch::rep_}: a 12-byte header (fixed64 sequence, set by RocksDB when writing; fixed32
 * record count, little-endian), then per record a type byte, for a column family other than the
 * default its varint32 id, and the key (and for a put the value) as varint32 length plus bytes.
 * RocksDB checks the count against the records when it applies the batch.
 *
 * <p>Thread safety: none; a batch is built by one thread.
 */
final class WriteBatchBuilder {
  private static final int HEADER_BYTES = 12;
  private static final byte[] EMPTY_HEADER = new byte[HEADER_BYTES];
  private static final int COUNT_AT = 8;
  private static final byte TYPE_DELETION = 0x0;
  private static final byte TYPE_VALUE = 0x1;
  private static final byte TYPE_COLUMN_FAMILY_DELETION = 0x4;
  private static final byte TYPE_COLUMN_FAMILY_VALUE = 0x5;

  private final ByteOutput out = new ByteOutput(4096);
  private int count;

  WriteBatchBuilder() {
    clear();
  }

  /** Forgets the records, keeping the buffer. */
  void clear() {
    out.reset();
    out.writeBytes(EMPTY_HEADER, 0, HEADER_BYTES);
    count = 0;
  }

  /** Adds a put into the column family of id {@code cf} ({@code ColumnFamilyHandle.getID()}). */
  void put(int cf, byte[] key, byte[] value) {
    record(cf, TYPE_VALUE, TYPE_COLUMN_FAMILY_VALUE, key);
    bytes(value);
  }

  /** Adds a delete from the column family of id {@code cf}. */
  void delete(int cf, byte[] key) {
    record(cf, TYPE_DELETION, TYPE_COLUMN_FAMILY_DELETION, key);
  }

  /** The size in bytes of the serialized batch so far. */
  int size() {
    return out.size();
  }

  /** A native write batch holding the records; the caller closes it. */
  WriteBatch build() {
    byte[] rep = out.toByteArray();
    for (int i = 0; i < Integer.BYTES; i++) {
      rep[COUNT_AT + i] = (byte) (count >>> (Byte.SIZE * i));
    }
    return new WriteBatch(rep);
  }

  private void record(int cf, byte defaultType, byte columnFamilyType, byte[] key) {
    if (cf == 0) {
      out.writeByte(defaultType);
    } else {
      out.writeByte(columnFamilyType);
      out.writeLength(cf);
    }
    bytes(key);
    count++;
  }

  private void bytes(byte[] b) {
    out.writeLength(b.length);
    out.writeBytes(b, 0, b.length);
  }
}
