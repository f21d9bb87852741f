package dev.eddy.state.rocksdb;

import dev.eddy.internal.codec.ByteOutput;
import dev.eddy.spi.ColumnFamily;
import dev.eddy.spi.StateStore;
import dev.eddy.spi.StateStoreMetrics;
import dev.eddy.spi.StateTable;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.RocksIterator;

/**
 * One batch's view of a RocksDB partition at {@link #version()}. Changes stay in the tables
 * ({@link RocksDbTable}) until {@link #commit()} hands them, in key order, to the provider's
 * {@link CommitWriter} (changelog and write batches). {@link #abort()} drops them, so the database
 * never holds an uncommitted change.
 *
 * <p>Thread safety: none; used by the thread running the batch.
 */
final class RocksDbStore implements StateStore {
  private final RocksDbStateStoreProvider provider;
  private final RocksDbInstance db;
  private final long version;
  private final Map<String, RocksDbTable<?, ?>> tables = new LinkedHashMap<>();
  private final Map<String, ColumnState<?, ?>> columns;
  private final Map<String, byte[]> metaChanges = new LinkedHashMap<>();
  private final long[] startCounts;
  private final List<RocksIterator> iterators = new ArrayList<>();
  private final ByteOutput scratch = new ByteOutput(256);
  private boolean done;
  private boolean committed;
  private StateStoreMetrics metrics;

  RocksDbStore(RocksDbStateStoreProvider provider, RocksDbInstance db, long version,
      Map<String, ColumnState<?, ?>> columns) {
    this.provider = provider;
    this.db = db;
    this.version = version;
    this.columns = columns;
    startCounts = new long[columns.size()];
    int i = 0;
    for (ColumnState<?, ?> c : columns.values()) {
      startCounts[i++] = c.count;
      tables.put(c.name, new RocksDbTable<>(this, c));
    }
  }

  @Override
  public long version() {
    return version;
  }

  @Override
  @SuppressWarnings("unchecked")
  public <K, V> StateTable<K, V> table(ColumnFamily<K, V> cf) {
    RocksDbTable<?, ?> t = tables.get(cf.name());
    if (t == null) {
      throw new IllegalArgumentException("Column family '" + cf.name() + "' was not declared for " + describe());
    }
    return (StateTable<K, V>) t;
  }

  @Override
  public long commit() {
    checkOpen();
    try {
      int i = 0;
      for (ColumnState<?, ?> c : columns.values()) {
        if (c.count != startCounts[i++]) {
          putMeta(ColumnState.countKey(c.name), ColumnState.encodeCount(c.count));
        }
      }
      metrics = provider.commit(this, writer -> {
        for (Map.Entry<String, byte[]> m : metaChanges.entrySet()) {
          writer.put(0, RocksDbInstance.META_ID, ColumnState.metaKey(m.getKey()), m.getValue());
        }
        tables.values().forEach(t -> t.collect(writer));
      }, version + 1);
      committed = true;
      return version + 1;
    } catch (RuntimeException e) {
      abort();
      throw e;
    } finally {
      finish();
    }
  }

  @Override
  public void abort() {
    if (done) {
      return;
    }
    int i = 0;
    for (ColumnState<?, ?> c : columns.values()) {
      c.count = startCounts[i++];
    }
    finish();
  }

  @Override
  public boolean hasCommitted() {
    return committed;
  }

  @Override
  public StateStoreMetrics metrics() {
    return metrics != null ? metrics : provider.metrics();
  }

  /** Records a metadata change (a schema or a count) to commit with this batch. */
  void putMeta(String key, byte[] value) {
    metaChanges.put(key, value);
  }

  RocksDbInstance db() {
    return db;
  }

  ByteOutput scratch() {
    return scratch;
  }

  String describe() {
    return provider.describe();
  }

  void checkOpen() {
    if (done) {
      throw new IllegalStateException("Store of " + describe() + " version " + version + " is already closed");
    }
  }

  /** An iterator over the committed entries of a column family, closed when the batch ends. */
  RocksIterator newIterator(ColumnFamilyHandle handle) {
    checkOpen();
    RocksIterator it = db.db().newIterator(handle, db.readOptions());
    iterators.add(it);
    return it;
  }

  IllegalStateException failure(String operation, Exception e) {
    return new IllegalStateException(
        "RocksDB " + operation + " failed in " + describe() + " at version " + version + ": " + e.getMessage(), e);
  }

  private void finish() {
    if (done) {
      return;
    }
    done = true;
    iterators.forEach(RocksIterator::close);
    iterators.clear();
    tables.values().forEach(RocksDbTable::reset);
    metaChanges.clear();
    provider.storeEnded(this);
  }
}
