package dev.eddy.state.rocksdb;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.rocksdb.BlockBasedTableConfig;
import org.rocksdb.BloomFilter;
import org.rocksdb.Checkpoint;
import org.rocksdb.ColumnFamilyDescriptor;
import org.rocksdb.ColumnFamilyHandle;
import org.rocksdb.ColumnFamilyOptions;
import org.rocksdb.CompressionType;
import org.rocksdb.DBOptions;
import org.rocksdb.FlushOptions;
import org.rocksdb.InfoLogLevel;
import org.rocksdb.Options;
import org.rocksdb.ReadOptions;
import org.rocksdb.RocksDB;
import org.rocksdb.RocksDBException;
import org.rocksdb.Statistics;
import org.rocksdb.WriteBatch;
import org.rocksdb.WriteOptions;

/**
 * One open RocksDB database in a local directory, with one RocksDB column family per state
 * column family (named {@code eddy-<name>}) and the {@code default} one for the store's
 * metadata, its WAL disabled (durability comes from the changelog), tables using the shared
 * block cache and memtables charged to the shared write-buffer manager. Owns every native
 * object it creates and closes them all, column family handles first.
 *
 * <p>Thread safety: RocksDB calls are thread-safe; {@link #close()} must not race other calls
 * (the provider's lock sees to that).
 */
final class RocksDbInstance implements AutoCloseable {
  static final String META = "default";
  /** The RocksDB id of {@link #META}: the default column family is always 0. */
  static final int META_ID = 0;
  private static final String PREFIX = "eddy-";

  private final List<AutoCloseable> resources = new ArrayList<>();
  private final Map<String, ColumnFamilyHandle> handles = new HashMap<>();
  private RocksDB db;
  private Statistics statistics;
  private WriteOptions writeOptions;
  private ReadOptions readOptions;

  private RocksDbInstance() {}

  /**
   * Opens (creating when absent) the database in {@code dir}.
   *
   * @throws RocksDBException after closing whatever was created
   */
  static RocksDbInstance open(Path dir, List<String> columnFamilies, SharedMemory memory) throws RocksDBException {
    RocksDbInstance instance = new RocksDbInstance();
    try {
      instance.openIn(dir, columnFamilies, memory);
      return instance;
    } catch (RocksDBException | RuntimeException e) {
      instance.close();
      throw e;
    }
  }

  private void openIn(Path dir, List<String> columnFamilies, SharedMemory memory) throws RocksDBException {
    statistics = add(new Statistics());
    BloomFilter bloom = add(new BloomFilter(10, false));
    BlockBasedTableConfig table = new BlockBasedTableConfig()
        .setBlockCache(memory.blockCache)
        .setFilterPolicy(bloom)
        .setCacheIndexAndFilterBlocks(true)
        .setPinL0FilterAndIndexBlocksInCache(true)
        .setBlockSize(16 * 1024);
    // Measured on the seed workload at 1M keys (every key rewritten each batch): memtables of up to
    // 64 MB hold two batches of a partition's updates, so a flush writes each key once instead of
    // twice; with no compression above the last level (LZ4 there, where most data lives) flush CPU
    // fell from 2.3 s to 1.1 s over 12 batches. Compacting L0 from two files leaves few files for
    // the batch's sorted reads to merge.
    ColumnFamilyOptions cfOptions = add(new ColumnFamilyOptions())
        .setTableFormatConfig(table)
        .setWriteBufferSize(Math.min(64L << 20, Math.max(1L << 20, memory.limitBytes / 4)))
        .setMaxWriteBufferNumber(3)
        .setCompressionType(CompressionType.NO_COMPRESSION)
        .setBottommostCompressionType(CompressionType.LZ4_COMPRESSION)
        .setLevel0FileNumCompactionTrigger(2);
    DBOptions dbOptions = add(new DBOptions())
        .setCreateIfMissing(true)
        .setCreateMissingColumnFamilies(true)
        .setWriteBufferManager(memory.writeBufferManager)
        .setStatistics(statistics)
        .setInfoLogLevel(InfoLogLevel.WARN_LEVEL)
        .setKeepLogFileNum(2)
        .setMaxBackgroundJobs(2)
        .setAvoidFlushDuringShutdown(true);
    writeOptions = add(new WriteOptions().setDisableWAL(true));
    readOptions = add(new ReadOptions());

    Set<String> names = new LinkedHashSet<>();
    names.add(META);
    if (Files.exists(dir.resolve("CURRENT"))) {
      try (Options listOptions = new Options()) {
        for (byte[] n : RocksDB.listColumnFamilies(listOptions, dir.toString())) {
          names.add(new String(n, StandardCharsets.UTF_8));
        }
      }
    }
    columnFamilies.forEach(n -> names.add(PREFIX + n));
    List<ColumnFamilyDescriptor> descriptors = new ArrayList<>();
    names.forEach(n -> descriptors.add(new ColumnFamilyDescriptor(n.getBytes(StandardCharsets.UTF_8), cfOptions)));
    List<ColumnFamilyHandle> opened = new ArrayList<>();
    db = add(RocksDB.open(dbOptions, dir.toString(), descriptors, opened));
    int i = 0;
    for (String n : names) {
      ColumnFamilyHandle h = add(opened.get(i++));
      handles.put(n.equals(META) ? META : n.substring(PREFIX.length()), h);
    }
  }

  RocksDB db() {
    return db;
  }

  Statistics statistics() {
    return statistics;
  }

  ReadOptions readOptions() {
    return readOptions;
  }

  /** The handle of state column family {@code name}, or of the metadata for {@link #META}. */
  ColumnFamilyHandle handle(String name) {
    ColumnFamilyHandle h = handles.get(name);
    if (h == null) {
      throw new IllegalArgumentException("No column family '" + name + "' in this RocksDB store");
    }
    return h;
  }

  /** Applies the records of {@code batch} atomically. */
  void write(WriteBatchBuilder batch) throws RocksDBException {
    try (WriteBatch b = batch.build()) {
      db.write(writeOptions, b);
    }
  }

  /** Flushes all memtables to SST files and waits for it. */
  void flush() throws RocksDBException {
    try (FlushOptions options = new FlushOptions().setWaitForFlush(true)) {
      db.flush(options, new ArrayList<>(handles.values()));
    }
  }

  /** Creates a RocksDB checkpoint (hard links where possible) in {@code target}, which must not exist. */
  void checkpoint(Path target) throws RocksDBException {
    try (Checkpoint cp = Checkpoint.create(db)) {
      cp.createCheckpoint(target.toString());
    }
  }

  /** A numeric property summed over all column families. */
  long property(String name) throws RocksDBException {
    return db.getAggregatedLongProperty(name);
  }

  /** Stops background work and closes every native object, the last created first. */
  @Override
  public void close() {
    if (db != null) {
      db.cancelAllBackgroundWork(true);
    }
    RuntimeException failure = null;
    for (int i = resources.size() - 1; i >= 0; i--) {
      try {
        resources.get(i).close();
      } catch (Exception e) {
        if (failure == null) {
          failure = new IllegalStateException("Cannot close RocksDB resource " + resources.get(i), e);
        }
      }
    }
    resources.clear();
    handles.clear();
    db = null;
    if (failure != null) {
      throw failure;
    }
  }

  private <T extends AutoCloseable> T add(T resource) {
    resources.add(resource);
    return resource;
  }
}
