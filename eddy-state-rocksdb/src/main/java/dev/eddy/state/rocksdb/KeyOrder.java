package dev.eddy.state.rocksdb;

import java.util.Arrays;

/**
 * Sorts encoded keys into RocksDB's order (unsigned bytes, shorter first on a common prefix).
 * Each key's first eight bytes, zero-padded, are read once into a {@code long}, and a least-
 * significant-byte radix sort orders those longs with their indexes in sequential passes over
 * primitive arrays (skipping a byte that all keys share), so the key arrays themselves are touched
 * once per eight bytes rather than once per comparison. Keys that tie on eight bytes are sorted
 * on the next eight the same way; ties past a key's end are broken by length.
 *
 * <p>Thread safety: stateless.
 */
final class KeyOrder {
  private static final int SMALL = 16;

  private KeyOrder() {}

  /** The indexes of {@code keys} in ascending order. */
  static int[] sorted(byte[][] keys) {
    int[] order = new int[keys.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    sort(keys, order, 0, order.length, 0);
    return order;
  }

  /** Sorts {@code order[lo, hi)}, whose keys share their first {@code offset} bytes. */
  private static void sort(byte[][] keys, int[] order, int lo, int hi, int offset) {
    int n = hi - lo;
    long[] prefix = new long[n];
    int[] index = new int[n];
    for (int i = 0; i < n; i++) {
      index[i] = order[lo + i];
      prefix[i] = prefix(keys[index[i]], offset);
    }
    radixSort(prefix, index);
    System.arraycopy(index, 0, order, lo, n);
    for (int i = 0; i < n; ) {
      int j = i + 1;
      int longest = keys[index[i]].length;
      while (j < n && prefix[j] == prefix[i]) {
        longest = Math.max(longest, keys[index[j]].length);
        j++;
      }
      if (j - i > 1) {
        if (longest > offset + Long.BYTES) {
          sort(keys, order, lo + i, lo + j, offset + Long.BYTES);
        } else {
          sortByLength(keys, order, lo + i, lo + j);
        }
      }
      i = j;
    }
  }

  /** Sorts {@code prefix} as unsigned numbers, moving {@code index} along. */
  private static void radixSort(long[] prefix, int[] index) {
    int n = prefix.length;
    if (n <= SMALL) {
      insertionSort(prefix, index);
      return;
    }
    long[] prefixTo = new long[n];
    int[] indexTo = new int[n];
    int[] start = new int[257];
    for (int shift = 0; shift < Long.SIZE; shift += Byte.SIZE) {
      Arrays.fill(start, 0);
      for (long p : prefix) {
        start[(int) (p >>> shift) & 0xFF]++;
      }
      if (start[(int) (prefix[0] >>> shift) & 0xFF] == n) {
        continue;
      }
      for (int b = 0, sum = 0; b < 256; b++) {
        int c = start[b];
        start[b] = sum;
        sum += c;
      }
      for (int i = 0; i < n; i++) {
        int to = start[(int) (prefix[i] >>> shift) & 0xFF]++;
        prefixTo[to] = prefix[i];
        indexTo[to] = index[i];
      }
      System.arraycopy(prefixTo, 0, prefix, 0, n);
      System.arraycopy(indexTo, 0, index, 0, n);
    }
  }

  private static void insertionSort(long[] prefix, int[] index) {
    for (int i = 1; i < prefix.length; i++) {
      long p = prefix[i];
      int x = index[i];
      int j = i - 1;
      for (; j >= 0 && Long.compareUnsigned(prefix[j], p) > 0; j--) {
        prefix[j + 1] = prefix[j];
        index[j + 1] = index[j];
      }
      prefix[j + 1] = p;
      index[j + 1] = x;
    }
  }

  /** Keys equal up to the end of the longest one but for zero padding: the shorter comes first. */
  private static void sortByLength(byte[][] keys, int[] order, int lo, int hi) {
    for (int i = lo + 1; i < hi; i++) {
      int x = order[i];
      int length = keys[x].length;
      int j = i - 1;
      for (; j >= lo && keys[order[j]].length > length; j--) {
        order[j + 1] = order[j];
      }
      order[j + 1] = x;
    }
  }

  /** Bytes {@code [offset, offset + 8)} of {@code key} as a big-endian long, zero past its end. */
  private static long prefix(byte[] key, int offset) {
    long p = 0;
    for (int i = offset; i < offset + Long.BYTES; i++) {
      p = (p << Byte.SIZE) | (i < key.length ? key[i] & 0xFF : 0);
    }
    return p;
  }
}
