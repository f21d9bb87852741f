package dev.eddy.state.rocksdb;

import org.rocksdb.LRUCache;
import org.rocksdb.RocksDB;
import org.rocksdb.WriteBufferManager;

/**
 * The block cache and write-buffer manager that all RocksDB partitions of the process share, so
 * that memory stays within one limit however many partitions are open. Created when the first
 * partition opens, with the limit that partition's configuration gives, and released when the
 * last one closes; a different limit asked for while it is in use is ignored until then.
 *
 * <p>Thread safety: {@link #acquire} and {@link #release} are synchronised.
 */
final class SharedMemory {
  private static SharedMemory instance;
  private static int users;

  final long limitBytes;
  final LRUCache blockCache;
  final WriteBufferManager writeBufferManager;

  private SharedMemory(long limitBytes) {
    this.limitBytes = limitBytes;
    this.blockCache = new LRUCache(limitBytes, -1, false, 0.1);
    this.writeBufferManager = new WriteBufferManager(limitBytes / 2, blockCache);
  }

  /** The shared resources, created with {@code limitBytes} when no partition holds them. */
  static synchronized SharedMemory acquire(long limitBytes) {
    if (instance == null) {
      RocksDB.loadLibrary();
      instance = new SharedMemory(limitBytes);
    }
    users++;
    return instance;
  }

  /** Gives back what {@link #acquire} returned; the last release frees the native memory. */
  static synchronized void release(SharedMemory memory) {
    if (memory != instance || users == 0) {
      throw new IllegalStateException("RocksDB shared memory released more often than acquired");
    }
    if (--users == 0) {
      instance.writeBufferManager.close();
      instance.blockCache.close();
      instance = null;
    }
  }
}
