package dev.eddy.state.rocksdb;

import java.util.Arrays;

/**
 * Sorts encoded keys into RocksDB's order (unsigned bytes, shorter first on a common prefix)
 * with a most-significant-byte radix sort, which moves indexes instead of comparing arrays and
 * costs a fraction of a comparison sort for the million-key batches a commit may write. Small
 * buckets finish with insertion sort.
 *
 * <p>Thread safety: stateless.
 */
final class KeyOrder {
  private static final int SMALL = 24;

  private KeyOrder() {}

  /** The indexes of {@code keys} in ascending order. */
  static int[] sorted(byte[][] keys) {
    int[] order = new int[keys.length];
    for (int i = 0; i < order.length; i++) {
      order[i] = i;
    }
    sort(keys, order, new int[order.length], 0, order.length, 0);
    return order;
  }

  private static void sort(byte[][] keys, int[] order, int[] aux, int lo, int hi, int depth) {
    if (hi - lo <= SMALL) {
      insertionSort(keys, order, lo, hi, depth);
      return;
    }
    int[] start = new int[258];
    for (int i = lo; i < hi; i++) {
      start[byteAt(keys[order[i]], depth) + 2]++;
    }
    for (int b = 0; b < 257; b++) {
      start[b + 1] += start[b];
    }
    for (int i = lo; i < hi; i++) {
      aux[start[byteAt(keys[order[i]], depth) + 1]++] = order[i];
    }
    System.arraycopy(aux, 0, order, lo, hi - lo);
    // start[b] now ends the bucket of byte b - 1, so byte b spans [start[b], start[b + 1])
    for (int b = 0; b < 256; b++) {
      if (start[b + 1] - start[b] > 1) {
        sort(keys, order, aux, lo + start[b], lo + start[b + 1], depth + 1);
      }
    }
  }

  /** The byte of {@code key} at {@code depth} as 0..255, or -1 past its end. */
  private static int byteAt(byte[] key, int depth) {
    return depth < key.length ? key[depth] & 0xFF : -1;
  }

  private static void insertionSort(byte[][] keys, int[] order, int lo, int hi, int depth) {
    for (int i = lo + 1; i < hi; i++) {
      int x = order[i];
      byte[] k = keys[x];
      int j = i - 1;
      while (j >= lo && compareFrom(keys[order[j]], k, depth) > 0) {
        order[j + 1] = order[j];
        j--;
      }
      order[j + 1] = x;
    }
  }

  private static int compareFrom(byte[] a, byte[] b, int depth) {
    return Arrays.compareUnsigned(a, depth, a.length, b, depth, b.length);
  }
}
