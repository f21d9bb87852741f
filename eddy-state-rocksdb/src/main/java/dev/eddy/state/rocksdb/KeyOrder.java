package dev.eddy.state.rocksdb;

import java.util.Arrays;

/**
 * Puts keys nearly in RocksDB's byte order, cheaply: each key becomes one long holding its
 * leading bytes (as many bits as the index leaves free) above its index, and the longs are sorted
 * as primitives. Keys that share those leading bytes stay in their original order among
 * themselves, which is close enough for the memtable to insert them with good locality, at a
 * fraction of the cost of comparing byte arrays.
 *
 * <p>Thread safety: stateless.
 */
final class KeyOrder {
  private KeyOrder() {}

  /** The indexes of {@code keys} in approximately ascending unsigned byte order. */
  static int[] approximatelySorted(byte[][] keys) {
    int n = keys.length;
    int indexBits = Math.max(1, 32 - Integer.numberOfLeadingZeros(n));
    int prefixBits = 63 - indexBits;
    long[] packed = new long[n];
    for (int i = 0; i < n; i++) {
      packed[i] = (prefix(keys[i]) >>> (64 - prefixBits)) << indexBits | i;
    }
    Arrays.sort(packed);
    int[] order = new int[n];
    long mask = (1L << indexBits) - 1;
    for (int i = 0; i < n; i++) {
      order[i] = (int) (packed[i] & mask);
    }
    return order;
  }

  /** The first 8 bytes of {@code key}, big-endian, zero-padded. */
  private static long prefix(byte[] key) {
    long p = 0;
    for (int i = 0; i < 8; i++) {
      p = p << 8 | (i < key.length ? key[i] & 0xFF : 0);
    }
    return p;
  }
}
