package dev.eddy.state.rocksdb;

import dev.eddy.internal.checkpoint.CheckpointIO;
import dev.eddy.spi.ColumnFamily;
import dev.eddy.spi.StateStore;
import dev.eddy.spi.StateStoreContext;
import dev.eddy.spi.StateStoreMetrics;
import dev.eddy.spi.StateStoreProvider;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.Consumer;
import org.rocksdb.RocksDBException;

/**
 * The {@code rocksdb} state store backend: each partition keeps its state in its own RocksDB
 * database in a local working directory, so state may be far larger than the heap.
 *
 * <h2>Protocol</h2>
 * Batch N opens version N ({@link #getStore}): when the database already holds version N it is
 * reused, otherwise it is rebuilt from the newest snapshot at or below N plus the changelogs after
 * it. The batch's changes stay on the heap (encoded) until commit, which streams them, in key
 * order, to {@code <storeDir>/<N+1>.changelog} (temporary name, fsync, atomic rename; format in
 * {@link Changelog}) and in chunks to the database with RocksDB's WAL disabled ({@link
 * CommitWriter}) — the changelog is what makes the version durable, and a commit that fails
 * half-way closes the database so that it is rebuilt from the files. Abort drops the changes; the
 * database never sees them. {@link
 * #doMaintenance} takes a RocksDB checkpoint once {@value #MIN_DELTAS_FOR_SNAPSHOT} versions
 * (default 10) have been committed since the last one, copies it to {@code
 * <storeDir>/snapshot-<N>/} with a checksummed manifest ({@link SnapshotFiles}), and deletes the
 * files no version among the newest {@value #MIN_BATCHES_TO_RETAIN} (default 100) needs. Without
 * a checkpoint ({@code storeDir} null) the database lives in a temporary directory, no files are
 * written, and only the latest version can be opened.
 *
 * <h2>Memory</h2>
 * All partitions of the process share one LRU block cache of {@value #MEMORY_LIMIT_MB} megabytes
 * (default 256) and a write-buffer manager that charges memtables to that cache, limited to half
 * of it. The first partition to open fixes the size for as long as any partition is open.
 *
 * <h2>Files</h2>
 * The working directory is {@code <checkpoint>/state/.rocksdb-local/<layoutDir>-<partitionId>}
 * (two levels above {@code storeDir}) or a fresh directory under {@code java.io.tmpdir}; it is
 * wiped when the provider starts and deleted when it closes.
 *
 * <h2>Errors and metrics</h2>
 * Failures inside RocksDB and file I/O surface as {@link IllegalStateException}s naming the
 * partition ({@link StateStoreContext#describe()}), the version, the operation and the file.
 * {@link StateStoreMetrics#customMetrics()} holds {@code rocksdbCommitTimeMs}, {@code
 * rocksdbWriteBatchTimeMs}, {@code changelogBytes}, {@code changelogWriteTimeMs}, {@code
 * rocksdbFlushTimeMs}, {@code rocksdbCheckpointTimeMs}, {@code snapshotUploadTimeMs}, {@code
 * snapshotBytes}, {@code snapshotVersion}, {@code rocksdbLoadTimeMs}, {@code
 * rocksdbReplayedChangelogs}, {@code rocksdbCompactionTimeMs}, {@code rocksdbSstBytes}, {@code
 * rocksdbMemtableBytes}, {@code rocksdbMemoryUsageBytes} (memtables and table readers of this
 * partition), {@code rocksdbBlockCacheUsageBytes} (the shared cache) and {@code
 * rocksdbBlockCacheHitRatio} (per mille).
 *
 * <p>Thread safety: as {@link StateStoreProvider} requires — one batch at a time, while {@link
 * #doMaintenance} may run concurrently on another thread; a lock orders database writes, loads
 * and checkpoints, so a snapshot always holds exactly one committed version.
 */
public final class RocksDbStateStoreProvider implements StateStoreProvider {
  /** Size in MB of the block cache shared by all RocksDB partitions of the process. */
  public static final String MEMORY_LIMIT_MB = "eddy.sql.streaming.stateStore.rocksdb.memoryLimitMB";
  /** How many recent versions stay loadable; older files are deleted. */
  public static final String MIN_BATCHES_TO_RETAIN = StateStoreContext.MIN_BATCHES_TO_RETAIN;
  /** How many committed versions trigger a snapshot in maintenance. */
  public static final String MIN_DELTAS_FOR_SNAPSHOT = StateStoreContext.MIN_DELTAS_FOR_SNAPSHOT;

  private final ReentrantLock lock = new ReentrantLock();
  private final Object maintenance = new Object();
  private final RocksDbMetrics metrics = new RocksDbMetrics();
  private StateStoreContext context;
  private Path storeDir;
  private Path workDir;
  private int minBatchesToRetain;
  private int minDeltasForSnapshot;
  private SharedMemory memory;
  private RocksDbInstance db;
  private long loadedVersion = -1;
  private Map<String, ColumnState<?, ?>> columns = Map.of();
  private final Map<String, byte[]> pendingMeta = new LinkedHashMap<>();
  private List<String> changelogColumns;
  private RocksDbStore open;
  private volatile long lastSnapshotVersion;
  private long newestStoredVersion;
  private boolean closed;

  @Override
  public String shortName() {
    return "rocksdb";
  }

  @Override
  public void init(StateStoreContext context) {
    this.context = context;
    long memoryMb = context.longSetting(MEMORY_LIMIT_MB, 256, 16);
    minBatchesToRetain = context.minBatchesToRetain();
    minDeltasForSnapshot = context.minDeltasForSnapshot();
    changelogColumns = new ArrayList<>();
    changelogColumns.add(RocksDbInstance.META);
    context.columnFamilies().forEach(cf -> changelogColumns.add(cf.name()));
    try {
      storeDir = context.storeDir();
      if (storeDir != null) {
        Files.createDirectories(storeDir);
        DurableFiles.deleteTemporaries(storeDir);
        Path abs = storeDir.toAbsolutePath();
        Path stateDir = abs.getNameCount() >= 2 ? abs.getParent().getParent() : abs;
        // named after the layout directory too, so two layouts of one operator (a migration) never share it
        String layout = abs.getNameCount() >= 2 ? abs.getParent().getFileName().toString() : "0";
        workDir = stateDir.resolve(".rocksdb-local").resolve(layout + "-" + context.partitionId());
        CheckpointIO.deleteRecursively(workDir);
        Files.createDirectories(workDir);
        List<Long> snapshots = SnapshotFiles.versions(storeDir);
        lastSnapshotVersion = snapshots.isEmpty() ? 0 : snapshots.get(snapshots.size() - 1);
        newestStoredVersion = StoreDirectory.newestVersion(storeDir);
      } else {
        workDir = Files.createTempDirectory("eddy-rocksdb-");
      }
    } catch (IOException e) {
      throw new IllegalStateException("Cannot prepare the RocksDB directories of " + describe() + ": " + e, e);
    }
    memory = SharedMemory.acquire(memoryMb << 20);
  }

  @Override
  public StateStore getStore(long version) {
    if (context == null || closed) {
      throw new IllegalStateException("RocksDB provider of " + describe() + " is not initialised or already closed");
    }
    if (open != null) {
      throw new IllegalStateException("Store of " + describe() + " is already open at version " + open.version());
    }
    lock.lock();
    try {
      if (db == null || loadedVersion != version) {
        load(version);
      }
      open = new RocksDbStore(this, db, version, columns);
      pendingMeta.forEach(open::putMeta);
      return open;
    } finally {
      lock.unlock();
    }
  }

  @Override
  public void doMaintenance() {
    if (storeDir == null) {
      return;
    }
    synchronized (maintenance) {
      if (closed) {
        return;
      }
      long version = 0;
      Path local = null;
      try {
        lock.lock();
        try {
          if (db != null && loadedVersion - lastSnapshotVersion >= minDeltasForSnapshot) {
            version = loadedVersion;
            local = workDir.resolve("checkpoint-" + version);
            CheckpointIO.deleteRecursively(local);
            long t0 = System.nanoTime();
            db.flush();
            long t1 = System.nanoTime();
            db.checkpoint(local);
            metrics.flushed(t1 - t0, System.nanoTime() - t1);
          }
        } finally {
          lock.unlock();
        }
        if (local != null) {
          long t0 = System.nanoTime();
          long bytes = SnapshotFiles.upload(local, storeDir, version);
          metrics.uploaded(version, bytes, System.nanoTime() - t0);
          lastSnapshotVersion = version;
        }
        StoreDirectory.applyRetention(storeDir, minBatchesToRetain);
      } catch (IOException | RocksDBException e) {
        throw new IllegalStateException(
            "RocksDB snapshot of " + describe() + " at version " + version + " into " + storeDir + " failed: " + e, e);
      } finally {
        deleteQuietly(local);
      }
    }
  }

  @Override
  public void close() {
    synchronized (maintenance) {
      lock.lock();
      try {
        if (closed || context == null) {
          return;
        }
        closed = true;
        if (open != null) {
          open.abort();
        }
        closeDb();
        SharedMemory.release(memory);
        CheckpointIO.deleteRecursively(workDir);
      } catch (java.io.UncheckedIOException e) {
        throw new IllegalStateException("Cannot delete the RocksDB working directory " + workDir + " of " + describe(), e);
      } finally {
        lock.unlock();
      }
    }
  }

  String describe() {
    return context == null ? "an uninitialised RocksDB store" : context.describe();
  }

  /**
   * Commits the changes {@code changes} hands to a {@link CommitWriter} as {@code newVersion}:
   * streamed to {@code <storeDir>/<newVersion>.changelog} (with a checkpoint) and to the database,
   * under the lock, so maintenance never snapshots a partial version. Any failure closes the
   * database (the next batch reloads it from the files) and leaves no changelog under its name.
   */
  StateStoreMetrics commit(RocksDbStore store, Consumer<CommitWriter> changes, long newVersion) {
    long t0 = System.nanoTime();
    Path file = storeDir == null ? null : StoreDirectory.changelog(storeDir, newVersion);
    try {
      if (file != null && newVersion <= newestStoredVersion) {
        discardAbandonedFiles(newVersion);
      }
    } catch (IOException e) {
      throw store.failure("commit (discarding the files of abandoned versions in " + storeDir + ")", e);
    }
    lock.lock();
    try (Changelog changelog = file == null ? null : Changelog.create(file, changelogColumns)) {
      CommitWriter writer = new CommitWriter(store, changelog);
      changes.accept(writer);
      long changelogBytes = writer.finish();
      if (file != null) {
        newestStoredVersion = newVersion;
      }
      loadedVersion = newVersion;
      pendingMeta.clear();
      metrics.committed(changelogBytes, changelog == null ? 0 : changelog.writeNanos(), writer.writeNanos(),
          System.nanoTime() - t0);
    } catch (IOException | UncheckedIOException e) {
      closeDb();
      throw store.failure("commit (writing changelog " + file + ")", e);
    } catch (RuntimeException e) {
      closeDb();
      throw e;
    } finally {
      lock.unlock();
    }
    return metrics();
  }

  /**
   * Committing a version that already has files means an older version was reloaded: the files
   * of the versions after it belong to the abandoned line of versions and must never be loaded.
   */
  private void discardAbandonedFiles(long newVersion) throws IOException {
    synchronized (maintenance) {
      StoreDirectory.discardFrom(storeDir, newVersion);
      List<Long> snapshots = SnapshotFiles.versions(storeDir);
      lastSnapshotVersion = snapshots.isEmpty() ? 0 : snapshots.get(snapshots.size() - 1);
    }
  }

  /** Called by a store when its batch ends either way. */
  void storeEnded(RocksDbStore store) {
    if (open == store) {
      open = null;
    }
  }

  StateStoreMetrics metrics() {
    long keys = 0;
    for (ColumnState<?, ?> c : columns.values()) {
      keys += c.count;
    }
    return metrics.snapshot(keys, db, memory);
  }

  private void load(long version) {
    if (storeDir == null && !(version == 0 && db == null)) {
      throw new IllegalStateException("Cannot load version " + version + " of " + describe()
          + ": without a checkpoint the RocksDB backend keeps only its latest version " + loadedVersion);
    }
    long t0 = System.nanoTime();
    closeDb();
    Path dbDir = workDir.resolve("db");
    long replayed = 0;
    try {
      CheckpointIO.deleteRecursively(dbDir);
      long snapshot = storeDir == null ? 0 : StoreDirectory.snapshotFor(storeDir, version);
      if (snapshot > 0) {
        SnapshotFiles.download(storeDir, snapshot, dbDir);
      }
      db = RocksDbInstance.open(dbDir, changelogColumns.subList(1, changelogColumns.size()), memory);
      for (long v = snapshot + 1; v <= version; v++) {
        replay(StoreDirectory.changelog(storeDir, v));
        replayed++;
      }
      Map<String, ColumnState<?, ?>> loaded = new LinkedHashMap<>();
      pendingMeta.clear();
      int index = 1;
      for (ColumnFamily<?, ?> cf : context.columnFamilies()) {
        loaded.put(cf.name(), ColumnState.load(cf, index++, db, pendingMeta));
      }
      columns = loaded;
      loadedVersion = version;
    } catch (Exception e) {
      closeDb();
      throw new IllegalStateException("Cannot load version " + version + " of " + describe() + ": " + e.getMessage(), e);
    }
    metrics.loaded(System.nanoTime() - t0, replayed);
  }

  /** Applies the changes of {@code file} in chunks, as a commit does ({@link CommitWriter}). */
  private void replay(Path file) throws Exception {
    List<String> names = new ArrayList<>();
    List<Integer> ids = new ArrayList<>();
    WriteBatchBuilder batch = new WriteBatchBuilder();
    Changelog.read(file, names, (cf, key, value) -> {
      // all names are read before the first change
      while (ids.size() < names.size()) {
        ids.add(db.handle(names.get(ids.size())).getID());
      }
      if (value == null) {
        batch.delete(ids.get(cf), key);
      } else {
        batch.put(ids.get(cf), key, value);
      }
      if (batch.size() >= CommitWriter.CHUNK_BYTES) {
        db.write(batch);
        batch.clear();
      }
    });
    db.write(batch);
  }

  private void closeDb() {
    if (db != null) {
      RocksDbInstance d = db;
      db = null;
      loadedVersion = -1;
      columns = Map.of();
      d.close();
    }
  }

  private static void deleteQuietly(Path dir) {
    if (dir == null) {
      return;
    }
    try {
      CheckpointIO.deleteRecursively(dir);
    } catch (java.io.UncheckedIOException e) {
      // a leftover local checkpoint is removed with the working directory at close
    }
  }
}
