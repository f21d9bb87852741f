package dev.eddy.internal.state;

import dev.eddy.internal.checkpoint.CheckpointIO;
import dev.eddy.spi.ColumnFamily;
import dev.eddy.spi.StateStore;
import dev.eddy.spi.StateStoreContext;
import dev.eddy.spi.StateStoreMetrics;
import dev.eddy.spi.StateStoreProvider;
import dev.eddy.spi.StateTable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The {@code memory} backend (Spark's HDFS-backed store is the model): live objects in hash maps
 * on the heap, one per column family.
 *
 * <ul>
 *   <li>A batch's changes are applied in place and recorded in an undo log (every change's key
 *       and previous value, appended): {@link StateStore#abort()} restores the committed version
 *       without re-reading anything, and commit knows exactly which entries changed.
 *   <li>With a checkpoint, commit writes {@code <version>.delta} (only the changed entries,
 *       deletions included) durably before it returns; see {@link StateFile}.
 *   <li>{@link #doMaintenance()} (a background thread) folds the newest snapshot and the deltas
 *       after it into {@code <version>.snapshot} once {@code
 *       eddy.sql.streaming.stateStore.minDeltasForSnapshot} (default 10) deltas have accumulated,
 *       working on files only; then deletes files no longer needed to load any of the last {@code
 *       eddy.sql.streaming.minBatchesToRetain} (default 100) versions.
 *   <li>Loading version v = newest snapshot ≤ v, then the deltas after it up to v.
 * </ul>
 *
 * <p>Thread safety: the batch thread owns the maps and the open store; maintenance touches only
 * files and synchronises with loads on {@code files}.
 */
public final class MemoryStateStoreProvider implements StateStoreProvider {
  static final String MIN_DELTAS_FOR_SNAPSHOT = "eddy.sql.streaming.stateStore.minDeltasForSnapshot";
  static final String MIN_BATCHES_TO_RETAIN = "eddy.sql.streaming.minBatchesToRetain";
  private static final Object ABSENT = new Object();
  /** Entries sampled per commit to estimate the memory the state holds. */
  private static final int SIZE_SAMPLES = 32;

  private StateStoreContext context;
  private List<ColumnFamily<?, ?>> families;
  private final Map<String, Table<?, ?>> tables = new LinkedHashMap<>();
  private final Object files = new Object();
  private Path dir;
  private int minDeltas;
  private int retain;
  private long committedVersion = -1;
  private MemoryStore open;
  private long lastDeltaBytes;
  private long lastLoadMs;
  private volatile long lastSnapshotBytes;
  private volatile long snapshotsWritten;
  private long deltasWritten;

  @Override
  public String shortName() {
    return "memory";
  }

  @Override
  public void init(StateStoreContext context) {
    this.context = context;
    this.families = List.copyOf(context.columnFamilies());
    this.dir = context.storeDir();
    this.minDeltas = intSetting(MIN_DELTAS_FOR_SNAPSHOT, 10);
    this.retain = intSetting(MIN_BATCHES_TO_RETAIN, 100);
    for (ColumnFamily<?, ?> cf : families) {
      tables.put(cf.name(), new Table<>());
    }
    if (dir == null) {
      committedVersion = 0;
    }
  }

  private int intSetting(String key, int defaultValue) {
    String v = context.conf().get(key);
    if (v == null) {
      return defaultValue;
    }
    try {
      int n = Integer.parseInt(v.trim());
      if (n > 0) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below
    }
    throw new IllegalArgumentException("Setting '" + key + "' must be a positive integer, got '" + v + "'");
  }

  @Override
  public StateStore getStore(long version) {
    if (open != null && !open.done) {
      throw new IllegalStateException("Store of " + context.describe() + " is already open at version " + open.version);
    }
    if (version != committedVersion) {
      if (dir == null) {
        throw new IllegalStateException(
            "Cannot load version " + version + " of " + context.describe()
                + ": the memory backend without a checkpoint keeps only its latest version " + committedVersion);
      }
      load(version);
    }
    open = new MemoryStore(version);
    return open;
  }

  /** Replaces the maps with version {@code version} read from the files. */
  private void load(long version) {
    long t0 = System.nanoTime();
    tables.values().forEach(t -> {
      t.live.clear();
      t.undo.clear();
    });
    committedVersion = -1;
    if (version > 0) {
      synchronized (files) {
        List<Map<Object, Object>> maps = new ArrayList<>();
        for (Table<?, ?> t : tables.values()) {
          @SuppressWarnings("unchecked")
          Map<Object, Object> live = (Map<Object, Object>) t.live;
          maps.add(live);
        }
        if (!readVersion(version, versions(".snapshot").floor(version), maps)) {
          throw new IllegalStateException("Cannot load version " + version + " of " + context.describe()
              + ": a delta file between the newest snapshot and it is missing from " + dir);
        }
      }
    }
    committedVersion = version;
    lastLoadMs = (System.nanoTime() - t0) / 1_000_000;
  }

  /**
   * Reads version {@code version} into {@code maps} (one per column family): the deltas after
   * {@code snapshot} newest first, then the snapshot, the first occurrence of a key winning, so a
   * value overwritten by a later delta is skipped without being decoded. Returns false when a
   * delta is missing.
   */
  private boolean readVersion(long version, Long snapshot, List<Map<Object, Object>> maps) {
    List<java.util.Set<Object>> deleted = new ArrayList<>();
    for (int i = 0; i < maps.size(); i++) {
      deleted.add(new java.util.HashSet<>());
    }
    StateFile.RecordSink newestWins = new StateFile.RecordSink() {
      @Override
      public boolean wants(int family, Object key) {
        return !maps.get(family).containsKey(key) && !deleted.get(family).contains(key);
      }

      @Override
      public void put(int family, Object key, Object value) {
        maps.get(family).put(key, value);
      }

      @Override
      public void delete(int family, Object key) {
        if (!maps.get(family).containsKey(key)) {
          deleted.get(family).add(key);
        }
      }
    };
    long from = snapshot == null ? 1 : snapshot + 1;
    for (long v = version; v >= from; v--) {
      Path f = file(v, ".delta");
      if (!Files.exists(f)) {
        return false;
      }
      StateFile.read(f, CheckpointIO.get().read(f), StateFile.DELTA, v, families, newestWins);
    }
    if (snapshot != null) {
      Path f = file(snapshot, ".snapshot");
      StateFile.read(f, CheckpointIO.get().read(f), StateFile.SNAPSHOT, snapshot, families, newestWins);
    }
    return true;
  }

  @Override
  public void doMaintenance() {
    if (dir == null || !Files.isDirectory(dir)) {
      return;
    }
    synchronized (files) {
      TreeSet<Long> deltas = versions(".delta");
      TreeSet<Long> snapshots = versions(".snapshot");
      if (deltas.isEmpty()) {
        return;
      }
      long latest = deltas.last();
      Long lastSnapshot = snapshots.isEmpty() ? null : snapshots.last();
      long base = lastSnapshot == null ? 0 : lastSnapshot;
      if (latest - base >= minDeltas || (latest > base && deltaBytesSince(base, latest) > snapshotBytes(lastSnapshot))) {
        writeSnapshot(latest, lastSnapshot);
        snapshots.add(latest);
      }
      Long keep = snapshots.floor(latest - retain);
      if (keep != null) {
        for (long v : deltas.headSet(keep, true)) {
          CheckpointIO.get().delete(file(v, ".delta"));
        }
        for (long v : snapshots.headSet(keep, false)) {
          CheckpointIO.get().delete(file(v, ".snapshot"));
        }
      }
    }
  }

  /**
   * Bytes of the deltas after {@code base} up to {@code latest}: once they outweigh the snapshot,
   * replaying them on restart costs more than writing a new snapshot now.
   */
  private long deltaBytesSince(long base, long latest) {
    long total = 0;
    for (long v = base + 1; v <= latest; v++) {
      try {
        total += Files.size(file(v, ".delta"));
      } catch (IOException e) {
        return 0; // cleaned up meanwhile: the count-based rule still applies
      }
    }
    return total;
  }

  private long snapshotBytes(Long version) {
    if (version == null) {
      return 0;
    }
    try {
      return Files.size(file(version, ".snapshot"));
    } catch (IOException e) {
      return Long.MAX_VALUE;
    }
  }

  /** Folds the snapshot {@code base} (or nothing) and later deltas into a snapshot at {@code version}. */
  private void writeSnapshot(long version, Long base) {
    List<Map<Object, Object>> maps = new ArrayList<>();
    for (int i = 0; i < families.size(); i++) {
      maps.add(new HashMap<>());
    }
    if (!readVersion(version, base, maps)) {
      return; // an older delta was already cleaned up: nothing to fold from here
    }
    StateFile.Writer w = new StateFile.Writer(StateFile.SNAPSHOT, version, families);
    for (int i = 0; i < maps.size(); i++) {
      for (Map.Entry<Object, Object> e : maps.get(i).entrySet()) {
        w.put(i, e.getKey(), e.getValue());
      }
    }
    byte[] bytes = w.finish();
    CheckpointIO.get().writeAtomically(file(version, ".snapshot"), bytes);
    lastSnapshotBytes = bytes.length;
    snapshotsWritten++;
  }

  private Path file(long version, String suffix) {
    return dir.resolve(version + suffix);
  }

  private TreeSet<Long> versions(String suffix) {
    TreeSet<Long> out = new TreeSet<>();
    if (!Files.isDirectory(dir)) {
      return out;
    }
    try (Stream<Path> list = Files.list(dir)) {
      list.map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(suffix) && n.substring(0, n.length() - suffix.length()).matches("\\d+"))
          .forEach(n -> out.add(Long.parseLong(n.substring(0, n.length() - suffix.length()))));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list state directory " + dir + " of " + context.describe(), e);
    }
    return out;
  }

  /**
   * The memory the live maps hold: the average estimated size of the first entries of each map
   * (key, value and map entry) times the number of entries.
   */
  private long estimateBytes(long totalKeys) {
    long sampled = 0;
    long bytes = 0;
    for (Table<?, ?> t : tables.values()) {
      int n = 0;
      for (Iterator<? extends Map.Entry<?, ?>> it = t.live.entrySet().iterator(); it.hasNext() && n < SIZE_SAMPLES; n++) {
        Map.Entry<?, ?> e = it.next();
        bytes += ObjectSizes.MAP_ENTRY_BYTES + ObjectSizes.estimate(e.getKey()) + ObjectSizes.estimate(e.getValue());
      }
      sampled += n;
    }
    return sampled == 0 ? 0 : bytes * totalKeys / sampled;
  }

  @Override
  public void close() {
    tables.values().forEach(t -> {
      t.live.clear();
      t.undo.clear();
    });
    committedVersion = -1;
    if (dir == null) {
      committedVersion = 0;
    }
  }

  /**
   * The live map and undo log of one column family. The undo log appends (key, previous value)
   * per change — one list append instead of a second hash lookup — and is replayed backwards on
   * abort, so a key changed twice ends at its first previous value.
   */
  private static final class Table<K, V> implements StateTable<K, V> {
    final HashMap<K, V> live = new HashMap<>();
    final UndoLog undo = new UndoLog();

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
      undo.add(key, prev == null ? ABSENT : prev);
    }

    @Override
    public void remove(K key) {
      V prev = live.remove(key);
      if (prev != null) {
        undo.add(key, prev);
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
      for (int i = undo.size - 1; i >= 0; i--) {
        Object prev = undo.prevs[i];
        if (prev == ABSENT) {
          live.remove((K) undo.keys[i]);
        } else {
          live.put((K) undo.keys[i], (V) prev);
        }
      }
      undo.clear();
    }

    /** The keys changed in this batch, possibly more than once each. */
    Iterable<Object> changedKeys() {
      return java.util.Arrays.asList(undo.keys).subList(0, undo.size);
    }
  }

  /** Parallel arrays of changed keys and their previous values, in change order. */
  private static final class UndoLog {
    Object[] keys = new Object[64];
    Object[] prevs = new Object[64];
    int size;

    void add(Object key, Object prev) {
      if (size == keys.length) {
        keys = java.util.Arrays.copyOf(keys, size * 2);
        prevs = java.util.Arrays.copyOf(prevs, size * 2);
      }
      keys[size] = key;
      prevs[size] = prev;
      size++;
    }

    void clear() {
      java.util.Arrays.fill(keys, 0, size, null);
      java.util.Arrays.fill(prevs, 0, size, null);
      size = 0;
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
      if (dir != null) {
        try {
          writeDelta();
        } catch (RuntimeException e) {
          abort();
          throw new IllegalStateException(
              "Cannot commit version " + (version + 1) + " of " + context.describe() + ": " + e.getMessage(), e);
        }
      }
      tables.values().forEach(t -> t.undo.clear());
      committedVersion = version + 1;
      committed = true;
      done = true;
      return committedVersion;
    }

    private void writeDelta() {
      StateFile.Writer w = new StateFile.Writer(StateFile.DELTA, version + 1, families);
      int i = 0;
      for (Table<?, ?> t : tables.values()) {
        @SuppressWarnings("unchecked")
        Table<Object, Object> table = (Table<Object, Object>) t;
        // a key changed twice is written twice with its final value: harmless on replay, and
        // cheaper than de-duplicating every batch
        for (Object key : table.changedKeys()) {
          Object value = table.live.get(key);
          if (value == null) {
            w.delete(i, key);
          } else {
            w.put(i, key, value);
          }
        }
        i++;
      }
      byte[] bytes = w.finish();
      CheckpointIO.get().writeAtomically(file(version + 1, ".delta"), bytes);
      lastDeltaBytes = bytes.length;
      deltasWritten++;
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
      Map<String, Long> custom = new LinkedHashMap<>();
      if (dir != null) {
        custom.put("deltaBytes", lastDeltaBytes);
        custom.put("snapshotBytes", lastSnapshotBytes);
        custom.put("snapshotsWritten", snapshotsWritten);
        custom.put("deltasWritten", deltasWritten);
        custom.put("loadTimeMs", lastLoadMs);
      }
      return new StateStoreMetrics(keys, estimateBytes(keys), custom);
    }
  }
}
