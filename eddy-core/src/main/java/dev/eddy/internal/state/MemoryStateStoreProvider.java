package dev.eddy.internal.state;

import dev.eddy.spi.ColumnFamily;
import dev.eddy.spi.StateStore;
import dev.eddy.spi.StateStoreContext;
import dev.eddy.spi.StateStoreMetrics;
import dev.eddy.spi.StateStoreProvider;
import dev.eddy.spi.StateTable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The {@code memory} backend (Spark's HDFS-backed store is the model): live objects on the heap,
 * one {@link LiveTable} per column family.
 *
 * <ul>
 *   <li>A batch's changes are applied in place and recorded in an undo log: {@link
 *       StateStore#abort()} restores the committed version without re-reading anything, and commit
 *       knows exactly which entries changed.
 *   <li>With a checkpoint, commit writes {@code <version>.delta} (only the changed entries,
 *       deletions included) durably before it returns — or {@code <version>.snapshot} when the
 *       batch changed most entries anyway; {@link #doMaintenance()} (a background thread) folds
 *       deltas into snapshots and deletes old files; loading a version reads the newest
 *       snapshot and the deltas after it. See {@link StateFiles} and {@link StateFile}.
 * </ul>
 *
 * Settings: {@code eddy.sql.streaming.stateStore.minDeltasForSnapshot} (default 10), {@code
 * eddy.sql.streaming.minBatchesToRetain} (default 100).
 *
 * <p>Thread safety: the batch thread owns the tables and the open store; maintenance touches only
 * files.
 */
public final class MemoryStateStoreProvider implements StateStoreProvider {
  /** Entries sampled per commit to estimate the memory the state holds. */
  private static final int SIZE_SAMPLES = 32;

  private StateStoreContext context;
  private List<ColumnFamily<?, ?>> families;
  private final Map<String, LiveTable<?, ?>> tables = new LinkedHashMap<>();
  private StateFiles files;
  private long committedVersion = -1;
  private MemoryStore open;
  private long lastDeltaBytes;
  private long deltasWritten;
  private long lastLoadMs;

  @Override
  public String shortName() {
    return "memory";
  }

  @Override
  public void init(StateStoreContext context) {
    this.context = context;
    this.families = List.copyOf(context.columnFamilies());
    for (ColumnFamily<?, ?> cf : families) {
      tables.put(cf.name(), new LiveTable<>());
    }
    Path dir = context.storeDir();
    if (dir == null) {
      committedVersion = 0;
    } else {
      files = new StateFiles(dir, families, context.describe(),
          context.minDeltasForSnapshot(), context.minBatchesToRetain());
    }
  }

  @Override
  public StateStore getStore(long version) {
    if (open != null && !open.done) {
      throw new IllegalStateException("Store of " + context.describe() + " is already open at version " + open.version);
    }
    if (version != committedVersion) {
      if (files == null) {
        throw new IllegalStateException(
            "Cannot load version " + version + " of " + context.describe()
                + ": the memory backend without a checkpoint keeps only its latest version " + committedVersion);
      }
      load(version);
    }
    open = new MemoryStore(version);
    return open;
  }

  /** Replaces the tables with version {@code version} read from the files. */
  @SuppressWarnings("unchecked")
  private void load(long version) {
    long t0 = System.nanoTime();
    tables.values().forEach(LiveTable::clear);
    committedVersion = -1;
    if (version > 0) {
      List<Map<Object, Object>> maps = new ArrayList<>();
      for (LiveTable<?, ?> t : tables.values()) {
        maps.add((Map<Object, Object>) t.live);
      }
      files.read(version, maps);
    }
    committedVersion = version;
    lastLoadMs = (System.nanoTime() - t0) / 1_000_000;
  }

  @Override
  public void doMaintenance() {
    if (files != null) {
      files.maintain();
    }
  }

  /**
   * The memory the tables hold: the average estimated size of the first entries of each table
   * (key, value and map entry) times the number of entries.
   */
  private long estimateBytes(long totalKeys) {
    long sampled = 0;
    long bytes = 0;
    for (LiveTable<?, ?> t : tables.values()) {
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
    tables.values().forEach(LiveTable::clear);
    committedVersion = files == null ? 0 : -1;
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
      LiveTable<?, ?> t = tables.get(cf.name());
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
      if (files != null) {
        try {
          writeVersion(version + 1);
        } catch (RuntimeException e) {
          abort();
          throw new IllegalStateException(
              "Cannot commit version " + (version + 1) + " of " + context.describe() + ": " + e.getMessage(), e);
        }
      }
      tables.values().forEach(LiveTable::forgetChanges);
      committedVersion = version + 1;
      committed = true;
      done = true;
      return committedVersion;
    }

    /**
     * Writes {@code newVersion} durably: as a delta of the changed entries, or — when the batch
     * changed at least half as many entries as the tables hold — as a snapshot of every entry,
     * which then costs at most twice the delta, spares maintenance from folding files it would
     * have to decode, and makes a restart read one file.
     */
    private void writeVersion(long newVersion) {
      long changes = 0;
      long entries = 0;
      for (LiveTable<?, ?> t : tables.values()) {
        changes += t.changeCount();
        entries += t.live.size();
      }
      boolean snapshot = changes > 0 && changes * 2 >= entries;
      StateFile.Writer w = new StateFile.Writer(snapshot ? StateFile.SNAPSHOT : StateFile.DELTA, newVersion, families);
      int family = 0;
      for (LiveTable<?, ?> t : tables.values()) {
        if (snapshot) {
          t.writeAll(family, w);
        } else {
          t.writeChanges(family, w);
        }
        family++;
      }
      byte[] bytes = w.finish();
      if (snapshot) {
        files.writeSnapshot(newVersion, bytes);
      } else {
        lastDeltaBytes = files.writeDelta(newVersion, bytes);
        deltasWritten++;
      }
    }

    @Override
    public void abort() {
      if (!done) {
        tables.values().forEach(LiveTable::rollback);
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
      for (LiveTable<?, ?> t : tables.values()) {
        keys += t.live.size();
      }
      Map<String, Long> custom = new LinkedHashMap<>();
      if (files != null) {
        custom.put("deltaBytes", lastDeltaBytes);
        custom.put("deltasWritten", deltasWritten);
        custom.put("snapshotBytes", files.lastSnapshotBytes());
        custom.put("snapshotsWritten", files.snapshotsWritten());
        custom.put("loadTimeMs", lastLoadMs);
      }
      return new StateStoreMetrics(keys, estimateBytes(keys), custom);
    }
  }
}
