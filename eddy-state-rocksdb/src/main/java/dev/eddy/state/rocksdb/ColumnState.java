package dev.eddy.state.rocksdb;

import dev.eddy.internal.codec.ByteInput;
import dev.eddy.internal.codec.ByteOutput;
import dev.eddy.internal.codec.Codec;
import dev.eddy.internal.codec.CodecSchema;
import dev.eddy.internal.codec.Codecs;
import dev.eddy.spi.ColumnFamily;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksDBException;

/**
 * What a loaded database knows of one state column family: its codecs, its exact entry count,
 * and the value schemas its entries were written with. Keys are stored as their codec bytes;
 * values as a varint schema id followed by their codec bytes, so values written by an earlier
 * version of the state class stay readable next to new ones ({@code SchemaEvolution} rules).
 * The schemas and the count live in the metadata column family under {@code keySchema:<cf>},
 * {@code valueSchema:<cf>:<id>} and {@code count:<cf>}, so snapshots and changelogs carry them.
 *
 * <p>Thread safety: none; used by the thread running the partition's batch.
 */
final class ColumnState<K, V> {
  final String name;
  final int index;
  final ColumnFamilyHandle handle;
  /** The RocksDB id of {@link #handle}, read once (each read crosses JNI). */
  final int id;
  final Codec<K> keyCodec;
  private final Codec<V> valueCodec;
  private final int valueSchemaId;
  private final List<Codec<V>> readers;
  private final ByteInput input = new ByteInput(new byte[0]);
  long count;

  private ColumnState(ColumnFamily<K, V> cf, int index, ColumnFamilyHandle handle, List<Codec<V>> readers,
      int valueSchemaId, long count) {
    this.name = cf.name();
    this.index = index;
    this.handle = handle;
    this.id = handle.getID();
    this.keyCodec = Codecs.forEncoder(cf.keyEncoder());
    this.valueCodec = Codecs.forEncoder(cf.valueEncoder());
    this.readers = readers;
    this.valueSchemaId = valueSchemaId;
    this.count = count;
  }

  /**
   * Reads the metadata of {@code cf} from {@code db}, adding to {@code pendingMeta} what must be
   * recorded with the next commit (the schemas of a new column family or a new value layout).
   *
   * @throws IllegalArgumentException naming the column family and field when the stored key or
   *     value type cannot be read as the declared one
   */
  static <K, V> ColumnState<K, V> load(ColumnFamily<K, V> cf, int index, RocksDbInstance db,
      Map<String, byte[]> pendingMeta) throws RocksDBException {
    String keySchema = Codecs.forEncoder(cf.keyEncoder()).schema().toString();
    String storedKeySchema = text(db.db().get(db.handle(RocksDbInstance.META), metaKey("keySchema:" + cf.name())));
    if (storedKeySchema == null) {
      pendingMeta.put("keySchema:" + cf.name(), keySchema.getBytes(StandardCharsets.UTF_8));
    } else if (!storedKeySchema.equals(keySchema)) {
      throw new IllegalArgumentException("Column family '" + cf.name() + "': the key type changed from "
          + storedKeySchema + " to " + keySchema + ", which the stored state cannot follow");
    }
    Codec<V> current = Codecs.forEncoder(cf.valueEncoder());
    List<Codec<V>> readers = new ArrayList<>();
    int currentId = -1;
    for (int id = 0; ; id++) {
      String stored = text(db.db().get(db.handle(RocksDbInstance.META), metaKey(valueSchemaKey(cf.name(), id))));
      if (stored == null) {
        break;
      }
      CodecSchema schema = CodecSchema.parse(stored);
      if (schema.equals(current.schema())) {
        currentId = id;
      }
      try {
        readers.add(Codecs.forEncoder(cf.valueEncoder(), schema));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException("Column family '" + cf.name() + "': " + e.getMessage(), e);
      }
    }
    if (currentId < 0) {
      currentId = readers.size();
      readers.add(current);
      pendingMeta.put(valueSchemaKey(cf.name(), currentId), current.schema().toString().getBytes(StandardCharsets.UTF_8));
    }
    byte[] count = db.db().get(db.handle(RocksDbInstance.META), metaKey(countKey(cf.name())));
    long n = count == null ? 0 : new ByteInput(count).readLong();
    return new ColumnState<>(cf, index, db.handle(cf.name()), readers, currentId, n);
  }

  byte[] encodeKey(K key, ByteOutput out) {
    out.reset();
    keyCodec.write(key, out);
    return out.toByteArray();
  }

  byte[] encodeValue(V value, ByteOutput out) {
    out.reset();
    out.writeVarLong(valueSchemaId);
    valueCodec.write(value, out);
    return out.toByteArray();
  }

  V decodeValue(byte[] bytes) {
    input.reset(bytes, 0, bytes.length);
    long id = input.readVarLong();
    if (id < 0 || id >= readers.size()) {
      throw new IllegalStateException("Column family '" + name + "' holds a value of unknown schema id " + id);
    }
    V v = readers.get((int) id).read(input);
    if (input.remaining() != 0) {
      throw new IllegalStateException("Column family '" + name + "' holds a malformed value of " + bytes.length + " bytes");
    }
    return v;
  }

  K decodeKey(byte[] bytes) {
    return keyCodec.decode(bytes);
  }

  static String countKey(String cf) {
    return "count:" + cf;
  }

  static byte[] metaKey(String key) {
    return key.getBytes(StandardCharsets.UTF_8);
  }

  static byte[] encodeCount(long n) {
    ByteOutput out = new ByteOutput(8);
    out.writeLong(n);
    return out.toByteArray();
  }

  private static String valueSchemaKey(String cf, int id) {
    return "valueSchema:" + cf + ":" + id;
  }

  private static String text(byte[] bytes) {
    return bytes == null ? null : new String(bytes, StandardCharsets.UTF_8);
  }
}
