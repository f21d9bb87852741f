package dev.eddy.internal.exec;

import java.util.Arrays;

/**
 * The rows one map task sends to one state partition, already grouped by key as they arrive —
 * while the key the user's function just built is still in the CPU cache. Each distinct key is a
 * local group with its rows chained in arrival order through an index array; the stateful side
 * then merges the local groups of all map tasks ({@link KeyGrouper}), which costs one lookup per
 * distinct key per task instead of one per row. No per-row allocation beyond the user's objects.
 *
 * <p>Thread safety: written by one map task, then read by one stateful task after the map stage
 * has completed (the stage boundary publishes it).
 */
final class ShuffleBuffer {
  private static final int SPREAD = 0x9E3779B1;

  Object[] values;
  int[] nextRow;
  int size;

  Object[] groupKeys = new Object[16];
  int[] groupHashes = new int[16];
  int[] groupHead = new int[16];
  private int[] groupTail = new int[16];
  int groupCount;
  private int[] table = new int[32]; // local group + 1, 0 = empty

  ShuffleBuffer(int capacity) {
    int c = Math.max(16, capacity);
    values = new Object[c];
    nextRow = new int[c];
  }

  /** Forgets the rows and keys of the last batch but keeps the arrays for the next one. */
  void clear() {
    Arrays.fill(values, 0, size, null);
    Arrays.fill(groupKeys, 0, groupCount, null);
    Arrays.fill(table, 0);
    size = 0;
    groupCount = 0;
  }

  /** Appends {@code value} to the group of {@code key} ({@code hash} from {@link #hash}). */
  void add(Object key, int hash, Object value) {
    if (size == values.length) {
      values = Arrays.copyOf(values, size * 2);
      nextRow = Arrays.copyOf(nextRow, size * 2);
    }
    int row = size++;
    values[row] = value;
    nextRow[row] = -1;
    int g = groupOf(key, hash);
    if (groupHead[g] < 0) {
      groupHead[g] = row;
    } else {
      nextRow[groupTail[g]] = row;
    }
    groupTail[g] = row;
  }

  private int groupOf(Object key, int hash) {
    int mask = table.length - 1;
    int slot = (hash * SPREAD) >>> 7 & mask;
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
      table = rehash(table.length * 2);
      int mask = table.length - 1;
      slot = (hash * SPREAD) >>> 7 & mask;
      while (table[slot] != 0) {
        slot = (slot + 1) & mask;
      }
    }
    if (groupCount == groupKeys.length) {
      int c = groupCount * 2;
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

  private int[] rehash(int capacity) {
    int[] t = new int[capacity];
    int mask = capacity - 1;
    for (int g = 0; g < groupCount; g++) {
      int slot = (groupHashes[g] * SPREAD) >>> 7 & mask;
      while (t[slot] != 0) {
        slot = (slot + 1) & mask;
      }
      t[slot] = g + 1;
    }
    return t;
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
