package dev.eddy.internal.exec;

import java.util.Arrays;

/**
 * The rows one map task sends to one state partition: keys, values and key hashes in arrival
 * order, in growable parallel arrays (no per-row allocation beyond the user's own objects).
 *
 * <p>Thread safety: written by one map task, then read by one stateful task after the map stage
 * has completed (the stage boundary publishes it).
 */
final class ShuffleBuffer {
  Object[] keys;
  Object[] values;
  int[] hashes;
  int size;

  ShuffleBuffer(int capacity) {
    int c = Math.max(16, capacity);
    keys = new Object[c];
    values = new Object[c];
    hashes = new int[c];
  }

  void add(Object key, int hash, Object value) {
    if (size == keys.length) {
      int c = size * 2;
      keys = Arrays.copyOf(keys, c);
      values = Arrays.copyOf(values, c);
      hashes = Arrays.copyOf(hashes, c);
    }
    keys[size] = key;
    values[size] = value;
    hashes[size] = hash;
    size++;
  }

  /** Forgets the rows but keeps the arrays for the next batch. */
  void clear() {
    Arrays.fill(keys, 0, size, null);
    Arrays.fill(values, 0, size, null);
    size = 0;
  }

  /** Spreads a key's hash code so that partitions and hash slots use different bits. */
  static int hash(Object key) {
    int h = key.hashCode();
    return h ^ (h >>> 16);
  }

  /** The state partition of a spread hash. */
  static int partition(int hash, int numPartitions) {
    return Math.floorMod(hash * 0x9E3779B9, numPartitions);
  }
}
