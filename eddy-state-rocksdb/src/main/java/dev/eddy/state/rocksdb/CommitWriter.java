package dev.eddy.state.rocksdb;

import java.io.IOException;
import org.rocksdb.RocksDBException;

/**
 * Takes a commit's changes, in key order per column family, to the changelog (when the store has
 * a checkpoint) and to the database in write batches of about {@value #CHUNK_BYTES} bytes, so the
 * heap holds at most one chunk and one changelog buffer whatever the size of the commit. The
 * database thus sees a version before its changelog is durable; the provider holds its lock for
 * the whole commit and closes the database when any step fails, so no other reader sees a partial
 * or undurable version and the next batch reloads from the files.
 *
 * <p>Thread safety: none; used by the thread committing the batch.
 */
final class CommitWriter {
  /**
   * Small enough that the buffers holding a chunk (which grow by doubling, to 256 KB) stay below
   * half of G1's smallest region, so none is a humongous object; large enough that a write costs
   * little more than its records.
   */
  static final int CHUNK_BYTES = 192 << 10;

  private final RocksDbStore store;
  private final Changelog changelog;
  private final WriteBatchBuilder batch = new WriteBatchBuilder();
  private long writeNanos;

  /** @param changelog null without a checkpoint */
  CommitWriter(RocksDbStore store, Changelog changelog) {
    this.store = store;
    this.changelog = changelog;
  }

  /** Puts into the column family of changelog index {@code cf} and RocksDB id {@code cfId}. */
  void put(int cf, int cfId, byte[] key, byte[] value) {
    if (changelog != null) {
      changelog.put(cf, key, value);
    }
    batch.put(cfId, key, value);
    applyIfFull();
  }

  void delete(int cf, int cfId, byte[] key) {
    if (changelog != null) {
      changelog.delete(cf, key);
    }
    batch.delete(cfId, key);
    applyIfFull();
  }

  /** Applies the last chunk and makes the changelog durable; returns its size in bytes (0 without). */
  long finish() throws IOException {
    apply();
    return changelog == null ? 0 : changelog.commit();
  }

  /** Nanoseconds spent in RocksDB writes. */
  long writeNanos() {
    return writeNanos;
  }

  private void applyIfFull() {
    if (batch.size() >= CHUNK_BYTES) {
      apply();
    }
  }

  private void apply() {
    long t0 = System.nanoTime();
    try {
      store.db().write(batch);
    } catch (RocksDBException e) {
      throw store.failure("commit (writing the batch)", e);
    }
    writeNanos += System.nanoTime() - t0;
    batch.clear();
  }
}
