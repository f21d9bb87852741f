package dev.eddy.state.rocksdb;

import dev.eddy.spi.StateTable;
import java.util.AbstractMap;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;
import org.rocksdb.WriteBatch;

/**
 * One column family of an open {@link RocksDbStore}. The batch's changes are kept on the heap,
 * encoded, in a map from key to value ({@link #DELETED} for a removal), which reads consult
 * before the database; the database sees them only when the store commits, as one write batch.
 * The entry count is kept exact by checking whether a key exists before it is put or removed; the
 * result of the last {@link #get} is remembered, so the usual get-then-put of a key reads the
 * database once.
 *
 * <p>Thread safety: none; used by the thread running the batch.
 */
final class RocksDbTable<K, V> implements StateTable<K, V> {
  /** Marks a removed key among the changes; no encoded value is empty. */
  private static final byte[] DELETED = new byte[0];

  private final RocksDbStore store;
  private final ColumnState<K, V> column;
  private final HashMap<ByteKey, byte[]> changes = new HashMap<>();
  private ByteKey lastKey;
  private boolean lastFound;

  RocksDbTable(RocksDbStore store, ColumnState<K, V> column) {
    this.store = store;
    this.column = column;
  }

  @Override
  public V get(K key) {
    ByteKey k = new ByteKey(column.encodeKey(requireKey(key), store.scratch()));
    byte[] v = read(k, "get");
    lastKey = k;
    lastFound = v != null;
    return v == null ? null : column.decodeValue(v);
  }

  @Override
  public void put(K key, V value) {
    if (value == null) {
      throw new IllegalArgumentException("State value must not be null (key " + key + ", column family '"
          + column.name + "' of " + store.describe() + ")");
    }
    ByteKey k = new ByteKey(column.encodeKey(requireKey(key), store.scratch()));
    if (!exists(k, "put")) {
      column.count++;
    }
    changes.put(k, column.encodeValue(value, store.scratch()));
    lastKey = k;
    lastFound = true;
  }

  @Override
  public void remove(K key) {
    ByteKey k = new ByteKey(column.encodeKey(requireKey(key), store.scratch()));
    if (exists(k, "remove")) {
      changes.put(k, DELETED);
      column.count--;
    }
    lastKey = k;
    lastFound = false;
  }

  @Override
  public Iterator<Map.Entry<K, V>> iterator() {
    RocksIterator stored = store.newIterator(column.handle);
    stored.seekToFirst();
    Iterator<Map.Entry<ByteKey, byte[]>> changed = changes.entrySet().iterator();
    return new Iterator<>() {
      private Map.Entry<K, V> next = advance();

      @Override
      public boolean hasNext() {
        return next != null;
      }

      @Override
      public Map.Entry<K, V> next() {
        if (next == null) {
          throw new NoSuchElementException();
        }
        Map.Entry<K, V> e = next;
        next = advance();
        return e;
      }

      /** Stored entries without a change first, then the changed entries that are not removals. */
      private Map.Entry<K, V> advance() {
        for (; stored.isValid(); stored.next()) {
          byte[] k = stored.key();
          if (!changes.containsKey(new ByteKey(k))) {
            Map.Entry<K, V> e = entry(k, stored.value());
            stored.next();
            return e;
          }
        }
        try {
          stored.status();
        } catch (RocksDBException e) {
          throw store.failure("iterate", e);
        }
        while (changed.hasNext()) {
          Map.Entry<ByteKey, byte[]> c = changed.next();
          if (c.getValue() != DELETED) {
            return entry(c.getKey().bytes, c.getValue());
          }
        }
        return null;
      }
    };
  }

  @Override
  public long size() {
    return column.count;
  }

  /**
   * Adds this batch's changes to {@code batch} and {@code changelog} (null without a checkpoint),
   * in key order: RocksDB inserts sorted keys into its memtable about ten times faster than keys
   * in hash order (measured: 1M keys, 0.2 s against 2.5 s).
   */
  void collect(WriteBatch batch, Changelog changelog) throws RocksDBException {
    byte[][] keys = new byte[changes.size()][];
    byte[][] values = new byte[keys.length][];
    int n = 0;
    for (Map.Entry<ByteKey, byte[]> c : changes.entrySet()) {
      keys[n] = c.getKey().bytes;
      values[n++] = c.getValue();
    }
    for (int i : KeyOrder.sorted(keys)) {
      byte[] k = keys[i];
      byte[] v = values[i];
      if (v == DELETED) {
        batch.delete(column.handle, k);
        if (changelog != null) {
          changelog.delete(column.index, k);
        }
      } else {
        batch.put(column.handle, k, v);
        if (changelog != null) {
          changelog.put(column.index, k, v);
        }
      }
    }
  }

  /** Forgets the changes and the remembered lookup: the batch ended. */
  void reset() {
    changes.clear();
    lastKey = null;
  }

  private Map.Entry<K, V> entry(byte[] key, byte[] value) {
    return new AbstractMap.SimpleImmutableEntry<>(column.decodeKey(key), column.decodeValue(value));
  }

  private boolean exists(ByteKey k, String operation) {
    if (k.equals(lastKey)) {
      return lastFound;
    }
    return read(k, operation) != null;
  }

  /** The current encoded value of {@code k}, or null. */
  private byte[] read(ByteKey k, String operation) {
    byte[] changed = changes.get(k);
    if (changed != null) {
      return changed == DELETED ? null : changed;
    }
    store.checkOpen();
    try {
      return store.db().db().get(column.handle, store.db().readOptions(), k.bytes);
    } catch (RocksDBException e) {
      throw store.failure(operation, e);
    }
  }

  private K requireKey(K key) {
    if (key == null) {
      throw new IllegalArgumentException("State key must not be null (column family '" + column.name + "' of "
          + store.describe() + ")");
    }
    return key;
  }
}
