package dev.eddy.internal.state;

import dev.eddy.internal.checkpoint.CorruptCheckpointException;
import dev.eddy.internal.codec.ByteInput;
import dev.eddy.internal.codec.ByteOutput;
import dev.eddy.internal.codec.Codec;
import dev.eddy.internal.codec.CodecSchema;
import dev.eddy.internal.codec.Codecs;
import dev.eddy.spi.ColumnFamily;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * The binary format of the memory backend's state files: a delta ({@code <version>.delta}, the
 * entries a commit changed, deletions included) or a snapshot ({@code <version>.snapshot}, every
 * entry).
 *
 * <pre>
 * "EDDYSTATE"  format version (int)  kind (byte: 'D' delta, 'S' snapshot)  state version (long)
 * column family count (int), per family: name, key schema, value schema (strings)
 * records: op (byte: 1 put, 2 delete), family index (varint), key length + key bytes,
 *          for a put value length + value bytes
 * end: op 0, record count (long), CRC32C of every preceding byte (int)
 * </pre>
 *
 * The schemas of the writing run are in the header, so a later run whose state class gained or
 * lost fields still decodes the file (see {@code SchemaEvolution}). A file that is truncated, has
 * a bad checksum, or another format version is reported naming it, never loaded.
 */
final class StateFile {
  private static final byte[] MAGIC = "EDDYSTATE".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
  private static final int FORMAT = 1;
  static final byte DELTA = 'D';
  static final byte SNAPSHOT = 'S';
  private static final byte PUT = 1;
  private static final byte DELETE = 2;
  private static final byte END = 0;

  private StateFile() {}

  /** Receives the records of a file as it is read. */
  interface RecordSink {
    /** Whether the value of {@code key} is needed; when not, its bytes are skipped undecoded. */
    default boolean wants(int family, Object key) {
      return true;
    }

    void put(int family, Object key, Object value);

    void delete(int family, Object key);
  }

  /** Builds one file in memory. */
  static final class Writer {
    private final ByteOutput out = new ByteOutput(4096);
    private final Codec<Object>[] keyCodecs;
    private final Codec<Object>[] valueCodecs;
    private long records;

    @SuppressWarnings("unchecked")
    Writer(byte kind, long version, List<ColumnFamily<?, ?>> families) {
      keyCodecs = new Codec[families.size()];
      valueCodecs = new Codec[families.size()];
      out.writeBytes(MAGIC, 0, MAGIC.length);
      out.writeInt(FORMAT);
      out.writeByte(kind);
      out.writeLong(version);
      out.writeInt(families.size());
      for (int i = 0; i < families.size(); i++) {
        ColumnFamily<?, ?> cf = families.get(i);
        keyCodecs[i] = (Codec<Object>) Codecs.forEncoder(cf.keyEncoder());
        valueCodecs[i] = (Codec<Object>) Codecs.forEncoder(cf.valueEncoder());
        out.writeString(cf.name());
        out.writeString(keyCodecs[i].schema().toString());
        out.writeString(valueCodecs[i].schema().toString());
      }
    }

    void put(int family, Object key, Object value) {
      out.writeByte(PUT);
      out.writeVarLong(family);
      writeFramed(keyCodecs[family], key);
      writeFramed(valueCodecs[family], value);
      records++;
    }

    void delete(int family, Object key) {
      out.writeByte(DELETE);
      out.writeVarLong(family);
      writeFramed(keyCodecs[family], key);
      records++;
    }

    private void writeFramed(Codec<Object> codec, Object value) {
      int lengthAt = out.reserve(4);
      int start = out.size();
      codec.write(value, out);
      int len = out.size() - start;
      byte[] buf = out.buffer();
      buf[lengthAt] = (byte) (len >>> 24);
      buf[lengthAt + 1] = (byte) (len >>> 16);
      buf[lengthAt + 2] = (byte) (len >>> 8);
      buf[lengthAt + 3] = (byte) len;
    }

    byte[] finish() {
      out.writeByte(END);
      out.writeLong(records);
      CRC32C crc = new CRC32C();
      crc.update(out.buffer(), 0, out.size());
      out.writeInt((int) crc.getValue());
      return out.toByteArray();
    }
  }

  /**
   * Reads {@code bytes} (the content of {@code file}) into {@code sink}, decoding with the schemas
   * the file was written with, evolved to {@code families}' current types.
   *
   * @throws CorruptCheckpointException naming the file when it is not intact
   */
  @SuppressWarnings("unchecked")
  static void read(Path file, byte[] bytes, byte expectedKind, long expectedVersion,
      List<ColumnFamily<?, ?>> families, RecordSink sink) {
    if (bytes.length < MAGIC.length + 4 + 1 + 8 + 4 + 1 + 8 + 4) {
      throw new CorruptCheckpointException(file, "truncated (" + bytes.length + " bytes)");
    }
    CRC32C crc = new CRC32C();
    crc.update(bytes, 0, bytes.length - 4);
    int stored = new ByteInput(bytes, bytes.length - 4, 4).readInt();
    if ((int) crc.getValue() != stored) {
      throw new CorruptCheckpointException(file, "checksum mismatch (truncated or corrupted)");
    }
    ByteInput in = new ByteInput(bytes, 0, bytes.length - 4);
    if (!Arrays.equals(in.readBytes(MAGIC.length), MAGIC)) {
      throw new CorruptCheckpointException(file, "not an Eddy state file");
    }
    int format = in.readInt();
    if (format != FORMAT) {
      throw new CorruptCheckpointException(file, "state file format " + format + " is not supported (expected " + FORMAT + ")");
    }
    byte kind = in.readByte();
    long version = in.readLong();
    if (kind != expectedKind || version != expectedVersion) {
      throw new CorruptCheckpointException(file, "holds " + (char) kind + " version " + version + ", expected "
          + (char) expectedKind + " version " + expectedVersion);
    }
    int n = in.readInt();
    Codec<Object>[] keyCodecs = new Codec[n];
    Codec<Object>[] valueCodecs = new Codec[n];
    int[] familyIndex = new int[n];
    for (int i = 0; i < n; i++) {
      String name = in.readString();
      CodecSchema keySchema = CodecSchema.parse(in.readString());
      CodecSchema valueSchema = CodecSchema.parse(in.readString());
      familyIndex[i] = indexOf(families, name, file);
      ColumnFamily<?, ?> cf = families.get(familyIndex[i]);
      keyCodecs[i] = (Codec<Object>) Codecs.forEncoder(cf.keyEncoder(), keySchema);
      valueCodecs[i] = (Codec<Object>) Codecs.forEncoder(cf.valueEncoder(), valueSchema);
    }
    long count = 0;
    ByteInput frame = new ByteInput(bytes);
    Framed framed = (codec) -> {
      int len = in.readInt();
      int at = in.position();
      in.skip(len);
      frame.reset(bytes, at, len);
      Object v = codec.read(frame);
      if (frame.remaining() != 0) {
        throw new IllegalArgumentException(frame.remaining() + " bytes left over in a record");
      }
      return v;
    };
    try {
      while (true) {
        byte op = in.readByte();
        if (op == END) {
          break;
        }
        int f = (int) in.readVarLong();
        Object key = framed.read(keyCodecs[f]);
        if (op == PUT) {
          if (sink.wants(familyIndex[f], key)) {
            sink.put(familyIndex[f], key, framed.read(valueCodecs[f]));
          } else {
            in.skip(in.readInt());
          }
        } else if (op == DELETE) {
          sink.delete(familyIndex[f], key);
        } else {
          throw new CorruptCheckpointException(file, "unknown record type " + op);
        }
        count++;
      }
      long expected = in.readLong();
      if (expected != count) {
        throw new CorruptCheckpointException(file, "holds " + count + " records, its trailer says " + expected);
      }
    } catch (IllegalArgumentException | IndexOutOfBoundsException e) {
      throw new CorruptCheckpointException(file, "malformed record: " + e.getMessage(), e);
    }
  }

  /** Reads one length-prefixed value. */
  private interface Framed {
    Object read(Codec<Object> codec);
  }

  private static int indexOf(List<ColumnFamily<?, ?>> families, String name, Path file) {
    for (int i = 0; i < families.size(); i++) {
      if (families.get(i).name().equals(name)) {
        return i;
      }
    }
    throw new IllegalStateException("State file " + file + " holds column family '" + name
        + "', which the operator no longer declares: the operator's state layout changed");
  }
}
