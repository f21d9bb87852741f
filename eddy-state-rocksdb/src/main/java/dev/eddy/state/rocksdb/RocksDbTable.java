package dev.eddy.state.rocksdb;

import dev.eddy.spi.StateTable;
import java.util.AbstractMap;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import org.rocksdb.RocksDBException;
import org.rocksdb.RocksIterator;

/**
 * One column family of an open {@link RocksDbStore}. Every key the batch reads or writes gets a
 * {@link KeySlot} holding its current encoded value, which later reads and writes of the key use
 * instead of the database; the database sees the changes only when the store commits, as one
 * write batch. {@link #prefetch} encodes the batch's keys once, sorts them and reads them in key
 * order ({@link SortedReads}), which costs a fraction of one lookup per key in hash order; {@link
 * BatchSlots} then finds each key's slot without encoding it again. The
 * entry count is kept exact because a slot knows whether its key exists.
 *
 * <p>Memory: the slots hold the keys the batch touched (at most the batch's keys) and are dropped
 * when the batch commits or aborts.
 *
 * <p>Thread safety: none; used by the thread running the batch.
 */
final class RocksDbTable<K, V> implements StateTable<K, V> {
  private final RocksDbStore store;
  private final ColumnState<K, V> column;
  private final BatchSlots slots = new BatchSlots();
  private final SortedReads reads;

  RocksDbTable(RocksDbStore store, ColumnState<K, V> column) {
    this.store = store;
    this.column = column;
    this.reads = new SortedReads(store, column.handle);
  }

  @Override
  public V get(K key) {
    byte[] v = slot(key, "get").value;
    return v == null ? null : column.decodeValue(v);
  }

  @Override
  public void put(K key, V value) {
    if (value == null) {
      throw new IllegalArgumentException("State value must not be null (key " + key + ", column family '"
          + column.name + "' of " + store.describe() + ")");
    }
    KeySlot s = slot(key, "put");
    if (s.value == null) {
      column.count++;
    }
    s.value = column.encodeValue(value, store.scratch());
    s.changed = true;
  }

  @Override
  public void remove(K key) {
    KeySlot s = slot(key, "remove");
    if (s.value != null) {
      column.count--;
      s.value = null;
      s.changed = true;
    }
  }

  /** Reads the keys the batch does not know yet, in key order; a key given twice is read once. */
  @Override
  public void prefetch(List<K> keys) {
    store.checkOpen();
    int n = keys.size();
    Object[] objects = keys.toArray();
    byte[][] encoded = new byte[n][];
    for (int i = 0; i < n; i++) {
      @SuppressWarnings("unchecked")
      K key = (K) objects[i];
      encoded[i] = column.encodeKey(requireKey(key), store.scratch());
    }
    KeySlot[] found = new KeySlot[n];
    int[] fresh = new int[n];
    int freshCount = 0;
    KeySlot previous = null;
    for (int i : KeyOrder.sorted(encoded)) {
      if (previous != null && Arrays.equals(previous.key, encoded[i])) {
        found[i] = previous;
        continue;
      }
      KeySlot known = slots.find(encoded[i]);
      if (known == null) {
        known = new KeySlot(encoded[i]);
        fresh[freshCount++] = i;
      }
      found[i] = previous = known;
    }
    reads.read(found, fresh, freshCount, column.count);
    slots.setPrefetched(objects, found, Arrays.copyOf(fresh, freshCount));
  }

  @Override
  public Iterator<Map.Entry<K, V>> iterator() {
    RocksIterator stored = store.newIterator(column.handle);
    stored.seekToFirst();
    List<KeySlot> present = new ArrayList<>();
    slots.forEachChanged(s -> {
      if (s.value != null) {
        present.add(s);
      }
    });
    Iterator<KeySlot> changed = present.iterator();
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

      /** Stored entries the batch did not change first, then the changed entries that exist. */
      private Map.Entry<K, V> advance() {
        for (; stored.isValid(); stored.next()) {
          byte[] k = stored.key();
          KeySlot s = slots.find(k);
          if (s == null || !s.changed) {
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
        if (changed.hasNext()) {
          KeySlot s = changed.next();
          return entry(s.key, s.value);
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
   * Hands this batch's changes to {@code writer} in key order: RocksDB inserts sorted keys into its
   * memtable about ten times faster than keys in hash order (measured: 1M keys, 0.2 s against
   * 2.5 s).
   */
  void collect(CommitWriter writer) {
    slots.forEachChanged(s -> {
      if (s.value == null) {
        writer.delete(column.index, column.id, s.key);
      } else {
        writer.put(column.index, column.id, s.key, s.value);
      }
    });
  }

  /** Forgets the batch's slots: the batch ended. */
  void reset() {
    slots.clear();
  }

  /** The slot of {@code key}, read from the database when the batch has not seen the key. */
  private KeySlot slot(K key, String operation) {
    KeySlot s = slots.fast(key);
    if (s != null) {
      return s;
    }
    byte[] k = column.encodeKey(requireKey(key), store.scratch());
    s = slots.find(k);
    if (s != null) {
      slots.remember(key, s);
      return s;
    }
    s = new KeySlot(k);
    s.value = read(k, operation);
    slots.add(key, s);
    return s;
  }

  private byte[] read(byte[] key, String operation) {
    store.checkOpen();
    try {
      return store.db().db().get(column.handle, store.db().readOptions(), key);
    } catch (RocksDBException e) {
      throw store.failure(operation, e);
    }
  }

  private Map.Entry<K, V> entry(byte[] key, byte[] value) {
    return new AbstractMap.SimpleImmutableEntry<>(column.decodeKey(key), column.decodeValue(value));
  }

  private K requireKey(K key) {
    if (key == null) {
      throw new IllegalArgumentException("State key must not be null (column family '" + column.name + "' of "
          + store.describe() + ")");
    }
    return key;
  }
}
