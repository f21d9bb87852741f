package dev.eddy.internal.exec;

import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * Groups one state partition's rows by key with an open-addressing hash table, keeping keys in
 * order of first arrival and each key's rows in arrival order (SEMANTICS B2). Rows are chained
 * through an index array, so grouping allocates nothing per row; the arrays are reused from batch
 * to batch.
 *
 * <p>Thread safety: none; one grouper per state partition, used by the thread processing it.
 */
final class KeyGrouper {
  private Object[] values = new Object[0];
  private int[] next = new int[0];
  private int rowCount;

  private int[] table = new int[0]; // group id + 1, 0 = empty
  private Object[] groupKeys = new Object[0];
  private int[] groupHashes = new int[0];
  private int[] groupHead = new int[0];
  private int[] groupTail = new int[0];
  private int groupCount;
  /** Keys of the previous batch: the first guess of this batch's. */
  private int previousGroups;

  /** Groups the rows of {@code buffers} (in that order). */
  void group(ShuffleBuffer[] buffers) {
    int total = 0;
    for (ShuffleBuffer b : buffers) {
      total += b.size;
    }
    reset(total);
    int row = 0;
    for (ShuffleBuffer b : buffers) {
      for (int i = 0; i < b.size; i++, row++) {
        values[row] = b.values[i];
        next[row] = -1;
        int g = groupOf(b.keys[i], b.hashes[i]);
        if (groupHead[g] < 0) {
          groupHead[g] = row;
        } else {
          next[groupTail[g]] = row;
        }
        groupTail[g] = row;
      }
    }
    rowCount = total;
  }

  private void reset(int rows) {
    if (values.length < rows) {
      values = new Object[rows];
      next = new int[rows];
    } else {
      Arrays.fill(values, 0, rowCount, null);
    }
    Arrays.fill(groupKeys, 0, groupCount, null);
    // Sized for the previous batch's number of keys (not rows), so the table stays small enough
    // for the caches; it doubles when a batch brings more keys.
    int expected = Math.min(Math.max(16, previousGroups), Math.max(16, rows));
    groupCount = 0;
    int cap = tableSizeFor(expected);
    if (table.length != cap) {
      table = new int[cap];
    } else {
      Arrays.fill(table, 0);
    }
  }

  /** A power of two with at least twice {@code keys} slots. */
  private static int tableSizeFor(int keys) {
    return Integer.highestOneBit(Math.max(16, keys) * 2 - 1) << 1;
  }

  /** Doubles the table and re-inserts every group. */
  private void grow() {
    int[] bigger = new int[table.length * 2];
    int mask = bigger.length - 1;
    for (int g = 0; g < groupCount; g++) {
      int slot = (groupHashes[g] * 0x9E3779B1) >>> 7 & mask;
      while (bigger[slot] != 0) {
        slot = (slot + 1) & mask;
      }
      bigger[slot] = g + 1;
    }
    table = bigger;
  }

  private int groupOf(Object key, int hash) {
    int mask = table.length - 1;
    int slot = (hash * 0x9E3779B1) >>> 7 & mask;
    while (true) {
      int g = table[slot] - 1;
      if (g < 0) {
        return newGroup(slot, key, hash);
      }
      if (groupHashes[g] == hash && groupKeys[g].equals(key)) {
        return g;
      }
      slot = (slot + 1) & mask;
    }
  }

  private int newGroup(int slot, Object key, int hash) {
    if (groupCount * 2 >= table.length) {
      grow();
      int mask = table.length - 1;
      slot = (hash * 0x9E3779B1) >>> 7 & mask;
      while (table[slot] != 0) {
        slot = (slot + 1) & mask;
      }
    }
    if (groupCount == groupKeys.length) {
      int c = Math.max(16, groupCount * 2);
      groupKeys = Arrays.copyOf(groupKeys, c);
      groupHashes = Arrays.copyOf(groupHashes, c);
      groupHead = Arrays.copyOf(groupHead, c);
      groupTail = Arrays.copyOf(groupTail, c);
    }
    int g = groupCount++;
    groupKeys[g] = key;
    groupHashes[g] = hash;
    groupHead[g] = -1;
    table[slot] = g + 1;
    return g;
  }

  int groupCount() {
    return groupCount;
  }

  /** The keys of this batch, in order of first arrival (a view, valid until {@link #release()}). */
  java.util.List<Object> keys() {
    return java.util.Arrays.asList(groupKeys).subList(0, groupCount);
  }

  Object key(int group) {
    return groupKeys[group];
  }

  /** Whether {@code key} has rows in this batch. */
  boolean contains(Object key) {
    int hash = ShuffleBuffer.hash(key);
    int mask = table.length - 1;
    if (mask < 0) {
      return false;
    }
    int slot = (hash * 0x9E3779B1) >>> 7 & mask;
    while (true) {
      int g = table[slot] - 1;
      if (g < 0) {
        return false;
      }
      if (groupHashes[g] == hash && groupKeys[g].equals(key)) {
        return true;
      }
      slot = (slot + 1) & mask;
    }
  }

  /** The rows of {@code group} in arrival order. */
  Iterator<Object> values(int group) {
    return new Iterator<>() {
      int row = groupHead[group];

      @Override
      public boolean hasNext() {
        return row >= 0;
      }

      @Override
      public Object next() {
        if (row < 0) {
          throw new NoSuchElementException();
        }
        Object v = values[row];
        row = next[row];
        return v;
      }
    };
  }

  /** Drops references to this batch's rows. */
  void release() {
    Arrays.fill(values, 0, rowCount, null);
    Arrays.fill(groupKeys, 0, groupCount, null);
    rowCount = 0;
    previousGroups = groupCount;
    groupCount = 0;
  }
}
