package dev.eddy.spi;

/**
 * One partition's state at a version, open for one batch. Batch N opens version N, changes it,
 * and either {@link #commit()}s version N+1 or {@link #abort()}s, leaving version N as it was
 * (SEMANTICS B1).
 *
 * <p>Thread safety: none; a partition is processed by one thread at a time.
 */
public interface StateStore {
  /** The version this store was opened at. */
  long version();

  /** The table of column family {@code cf}, which must have been declared to the provider. */
  <K, V> StateTable<K, V> table(ColumnFamily<K, V> cf);

  /**
   * Makes this batch's changes durable (as far as the backend promises) as version {@code
   * version() + 1} and returns it.
   *
   * @throws IllegalStateException naming the partition and version when the commit fails; the
   *     store is then aborted
   */
  long commit();

  /** Undoes this batch's changes; the store is not used afterwards. */
  void abort();

  /** Whether {@link #commit()} has succeeded. */
  boolean hasCommitted();

  /** Figures for progress reports, valid after commit. */
  StateStoreMetrics metrics();
}
