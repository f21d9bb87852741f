package dev.eddy.internal.state;

import dev.eddy.spi.ColumnFamily;
import dev.eddy.spi.StateStore;
import dev.eddy.spi.StateStoreContext;
import dev.eddy.spi.StateStoreMetrics;
import dev.eddy.spi.StateStoreProvider;
import dev.eddy.spi.StateTable;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@code memory} backend: live objects in hash maps on the heap, one per column family. A
 * batch's changes are applied in place and recorded in an undo log (the first previous value of
 * every changed key), so {@link StateStore#abort()} restores the committed version without
 * re-reading anything, and commit knows exactly which entries changed.
 *
 * <p>Thread safety: one batch at a time, as the SPI requires.
 */
public final class MemoryStateStoreProvider implements StateStoreProvider {
  private static final Object ABSENT = new Object();
  /** Rough per-entry overhead of a HashMap entry plus its slot. */
  private static final long ENTRY_OVERHEAD_BYTES = 48;

  private StateStoreContext context;
  private final Map<String, Table<?, ?>> tables = new LinkedHashMap<>();
  private long committedVersion;
  private MemoryStore open;

  @Override
  public String shortName() {
    return "memory";
  }

  @Override
  public void init(StateStoreContext context) {
    this.context = context;
    for (ColumnFamily<?, ?> cf : context.columnFamilies()) {
      tables.put(cf.name(), new Table<>());
    }
  }

  @Override
  public StateStore getStore(long version) {
    if (open != null && !open.done) {
      throw new IllegalStateException("Store of " + context.describe() + " is already open at version " + open.version);
    }
    if (version != committedVersion) {
      throw new IllegalStateException(
          "Cannot load version " + version + " of " + context.describe()
              + ": the memory backend without a checkpoint keeps only its latest version " + committedVersion);
    }
    open = new MemoryStore(version);
    return open;
  }

  @Override
  public void close() {
    tables.values().forEach(t -> t.live.clear());
  }

  /** The live map and undo log of one column family. */
  private static final class Table<K, V> implements StateTable<K, V> {
    final HashMap<K, V> live = new HashMap<>();
    final HashMap<K, Object> undo = new HashMap<>();

    @Override
    public V get(K key) {
      return live.get(key);
    }

    @Override
    public void put(K key, V value) {
      if (value == null) {
        throw new IllegalArgumentException("State value must not be null (key " + key + ")");
      }
      V prev = live.put(key, value);
      if (!undo.containsKey(key)) {
        undo.put(key, prev == null ? ABSENT : prev);
      }
    }

    @Override
    public void remove(K key) {
      V prev = live.remove(key);
      if (prev != null && !undo.containsKey(key)) {
        undo.put(key, prev);
      }
    }

    @Override
    public Iterator<Map.Entry<K, V>> iterator() {
      return live.entrySet().iterator();
    }

    @Override
    public long size() {
      return live.size();
    }

    @SuppressWarnings("unchecked")
    void rollback() {
      for (Map.Entry<K, Object> e : undo.entrySet()) {
        if (e.getValue() == ABSENT) {
          live.remove(e.getKey());
        } else {
          live.put(e.getKey(), (V) e.getValue());
        }
      }
      undo.clear();
    }
  }

  private final class MemoryStore implements StateStore {
    final long version;
    boolean done;
    boolean committed;

    MemoryStore(long version) {
      this.version = version;
    }

    @Override
    public long version() {
      return version;
    }

    @Override
    @SuppressWarnings("unchecked")
    public <K, V> StateTable<K, V> table(ColumnFamily<K, V> cf) {
      Table<?, ?> t = tables.get(cf.name());
      if (t == null) {
        throw new IllegalArgumentException("Column family '" + cf.name() + "' was not declared for " + context.describe());
      }
      return (StateTable<K, V>) t;
    }

    @Override
    public long commit() {
      if (done) {
        throw new IllegalStateException("Store of " + context.describe() + " version " + version + " is already closed");
      }
      tables.values().forEach(t -> t.undo.clear());
      committedVersion = version + 1;
      committed = true;
      done = true;
      return committedVersion;
    }

    @Override
    public void abort() {
      if (!done) {
        tables.values().forEach(Table::rollback);
        done = true;
      }
    }

    @Override
    public boolean hasCommitted() {
      return committed;
    }

    @Override
    public StateStoreMetrics metrics() {
      long keys = 0;
      for (Table<?, ?> t : tables.values()) {
        keys += t.live.size();
      }
      return new StateStoreMetrics(keys, keys * ENTRY_OVERHEAD_BYTES, Map.of());
    }
  }
}
