package dev.eddy.spi;

import java.util.Iterator;
import java.util.Map;

/**
 * One column family of an open {@link StateStore}. Changes are visible to later reads at once
 * and become durable only when the store commits.
 *
 * <p>Thread safety: none; used by the one thread processing the partition.
 */
public interface StateTable<K, V> {
  /** The value of {@code key}, or null. */
  V get(K key);

  /** Sets the value of {@code key}; {@code value} must not be null. */
  void put(K key, V value);

  /** Removes {@code key}; no effect when absent. */
  void remove(K key);

  /**
   * All entries in no particular order. The table must not be changed while the iterator is in
   * use.
   */
  Iterator<Map.Entry<K, V>> iterator();

  /**
   * Hints that {@link #get} will soon be called for each of {@code keys} (the keys of a batch,
   * known once its rows are grouped), so a backend that reads through a native or remote layer may
   * fetch them in bulk. The default does nothing; results must not change either way.
   */
  default void prefetch(java.util.List<K> keys) {}

  /** Number of entries. */
  long size();
}
