package dev.eddy.state.rocksdb;

import dev.eddy.spi.StateStoreMetrics;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.rocksdb.HistogramType;
import org.rocksdb.RocksDBException;
import org.rocksdb.Statistics;
import org.rocksdb.TickerType;

/**
 * The figures a RocksDB partition reports after each commit: the last commit's and the last
 * maintenance's timings, plus live database properties (see {@link RocksDbStateStoreProvider}
 * for the names).
 *
 * <p>Thread safety: recorders and {@link #snapshot} are synchronised, as maintenance records from
 * its own thread.
 */
final class RocksDbMetrics {
  private long commitNanos;
  private long writeBatchNanos;
  private long changelogNanos;
  private long changelogBytes;
  private long flushNanos;
  private long checkpointNanos;
  private long uploadNanos;
  private long snapshotBytes;
  private long snapshotVersion;
  private long loadNanos;
  private long replayed;

  synchronized void committed(long changelogBytes, long changelogNanos, long writeBatchNanos, long commitNanos) {
    this.changelogBytes = changelogBytes;
    this.changelogNanos = changelogNanos;
    this.writeBatchNanos = writeBatchNanos;
    this.commitNanos = commitNanos;
  }

  synchronized void flushed(long flushNanos, long checkpointNanos) {
    this.flushNanos = flushNanos;
    this.checkpointNanos = checkpointNanos;
  }

  synchronized void uploaded(long version, long bytes, long nanos) {
    this.snapshotVersion = version;
    this.snapshotBytes = bytes;
    this.uploadNanos = nanos;
  }

  synchronized void loaded(long nanos, long changelogs) {
    this.loadNanos = nanos;
    this.replayed = changelogs;
  }

  /** The metrics now; database figures are 0 when no database is open. */
  synchronized StateStoreMetrics snapshot(long keys, RocksDbInstance db, SharedMemory memory) {
    Map<String, Long> m = new LinkedHashMap<>();
    m.put("rocksdbCommitTimeMs", ms(commitNanos));
    m.put("rocksdbWriteBatchTimeMs", ms(writeBatchNanos));
    m.put("changelogWriteTimeMs", ms(changelogNanos));
    m.put("changelogBytes", changelogBytes);
    m.put("rocksdbFlushTimeMs", ms(flushNanos));
    m.put("rocksdbCheckpointTimeMs", ms(checkpointNanos));
    m.put("snapshotUploadTimeMs", ms(uploadNanos));
    m.put("snapshotBytes", snapshotBytes);
    m.put("snapshotVersion", snapshotVersion);
    m.put("rocksdbLoadTimeMs", ms(loadNanos));
    m.put("rocksdbReplayedChangelogs", replayed);
    long own = 0;
    if (db != null) {
      try {
        Statistics stats = db.statistics();
        long hits = stats.getTickerCount(TickerType.BLOCK_CACHE_HIT);
        long misses = stats.getTickerCount(TickerType.BLOCK_CACHE_MISS);
        long memtables = db.property("rocksdb.cur-size-all-mem-tables");
        own = memtables + db.property("rocksdb.estimate-table-readers-mem");
        m.put("rocksdbCompactionTimeMs", stats.getHistogramData(HistogramType.COMPACTION_TIME).getSum() / 1000);
        m.put("rocksdbSstBytes", db.property("rocksdb.total-sst-files-size"));
        m.put("rocksdbMemtableBytes", memtables);
        m.put("rocksdbMemoryUsageBytes", own);
        m.put("rocksdbBlockCacheUsageBytes", memory.blockCache.getUsage());
        m.put("rocksdbBlockCacheHitRatio", hits + misses == 0 ? 0 : hits * 1000 / (hits + misses));
      } catch (RocksDBException e) {
        throw new IllegalStateException("Cannot read RocksDB properties for metrics: " + e.getMessage(), e);
      }
    }
    return new StateStoreMetrics(keys, own, m);
  }

  private static long ms(long nanos) {
    return TimeUnit.NANOSECONDS.toMillis(nanos);
  }
}
