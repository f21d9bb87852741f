package dev.eddy.internal.exec;

import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * Merges the key groups that the map tasks built for one state partition ({@link ShuffleBuffer})
 * into the partition's groups: one lookup per distinct key per map task. A key's rows come in
 * arrival order within each map task, map tasks in order (SEMANTICS B2). The table is sized for
 * the previous batch's number of keys and reused from batch to batch.
 *
 * <p>Thread safety: none; one grouper per state partition, used by the thread processing it.
 */
final class KeyGrouper {
  private static final int SPREAD = 0x9E3779B1;

  private ShuffleBuffer[] buffers = new ShuffleBuffer[0];
  private int[] table = new int[0]; // group id + 1, 0 = empty
  private Object[] groupKeys = new Object[0];
  private int[] groupHashes = new int[0];
  private int[] groupFirstSegment = new int[0];
  private int[] groupLastSegment = new int[0];
  private int groupCount;
  /** Keys of the previous batch: the first guess of this batch's. */
  private int previousGroups;

  // segments: one (buffer, local group) pair per key per map task, chained per group
  private int[] segmentBuffer = new int[0];
  private int[] segmentLocalGroup = new int[0];
  private int[] segmentNext = new int[0];
  private int segmentCount;

  /** Merges the groups of {@code inputs} (in that order). */
  void group(ShuffleBuffer[] inputs) {
    buffers = inputs;
    int localGroups = 0;
    for (ShuffleBuffer b : inputs) {
      localGroups += b.groupCount;
    }
    reset(localGroups);
    for (int bi = 0; bi < inputs.length; bi++) {
      ShuffleBuffer b = inputs[bi];
      for (int lg = 0; lg < b.groupCount; lg++) {
        int g = groupOf(b.groupKeys[lg], b.groupHashes[lg]);
        int s = segmentCount++;
        segmentBuffer[s] = bi;
        segmentLocalGroup[s] = lg;
        segmentNext[s] = -1;
        if (groupFirstSegment[g] < 0) {
          groupFirstSegment[g] = s;
        } else {
          segmentNext[groupLastSegment[g]] = s;
        }
        groupLastSegment[g] = s;
      }
    }
  }

  private void reset(int localGroups) {
    if (segmentBuffer.length < localGroups) {
      segmentBuffer = new int[localGroups];
      segmentLocalGroup = new int[localGroups];
      segmentNext = new int[localGroups];
    }
    segmentCount = 0;
    Arrays.fill(groupKeys, 0, groupCount, null);
    int expected = Math.min(Math.max(16, previousGroups), Math.max(16, localGroups));
    groupCount = 0;
    int cap = Integer.highestOneBit(expected * 2 - 1) << 1;
    if (table.length != cap) {
      table = new int[cap];
    } else {
      Arrays.fill(table, 0);
    }
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
      grow();
      int mask = table.length - 1;
      slot = (hash * SPREAD) >>> 7 & mask;
      while (table[slot] != 0) {
        slot = (slot + 1) & mask;
      }
    }
    if (groupCount == groupKeys.length) {
      int c = Math.max(16, groupCount * 2);
      groupKeys = Arrays.copyOf(groupKeys, c);
      groupHashes = Arrays.copyOf(groupHashes, c);
      groupFirstSegment = Arrays.copyOf(groupFirstSegment, c);
      groupLastSegment = Arrays.copyOf(groupLastSegment, c);
    }
    int g = groupCount++;
    groupKeys[g] = key;
    groupHashes[g] = hash;
    groupFirstSegment[g] = -1;
    table[slot] = g + 1;
    return g;
  }

  /** Doubles the table and re-inserts every group. */
  private void grow() {
    int[] bigger = new int[table.length * 2];
    int mask = bigger.length - 1;
    for (int g = 0; g < groupCount; g++) {
      int slot = (groupHashes[g] * SPREAD) >>> 7 & mask;
      while (bigger[slot] != 0) {
        slot = (slot + 1) & mask;
      }
      bigger[slot] = g + 1;
    }
    table = bigger;
  }

  int groupCount() {
    return groupCount;
  }

  /** The keys of this batch, in order of first arrival (a view, valid until {@link #release()}). */
  List<Object> keys() {
    return Arrays.asList(groupKeys).subList(0, groupCount);
  }

  Object key(int group) {
    return groupKeys[group];
  }

  /** Whether {@code key} has rows in this batch. */
  boolean contains(Object key) {
    if (table.length == 0) {
      return false;
    }
    int hash = ShuffleBuffer.hash(key);
    int mask = table.length - 1;
    int slot = (hash * SPREAD) >>> 7 & mask;
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

  /** The rows of {@code group}: each map task's rows in arrival order, map tasks in order. */
  Iterator<Object> values(int group) {
    return new Iterator<>() {
      int segment = groupFirstSegment[group];
      ShuffleBuffer buffer = buffers[segmentBuffer[segment]];
      int row = buffer.groupHead[segmentLocalGroup[segment]];

      @Override
      public boolean hasNext() {
        return row >= 0;
      }

      @Override
      public Object next() {
        if (row < 0) {
          throw new NoSuchElementException();
        }
        Object v = buffer.values[row];
        row = buffer.nextRow[row];
        if (row < 0) {
          segment = segmentNext[segment];
          if (segment >= 0) {
            buffer = buffers[segmentBuffer[segment]];
            row = buffer.groupHead[segmentLocalGroup[segment]];
          }
        }
        return v;
      }
    };
  }

  /** Drops references to this batch's rows and keys. */
  void release() {
    Arrays.fill(groupKeys, 0, groupCount, null);
    buffers = new ShuffleBuffer[0];
    previousGroups = groupCount;
    groupCount = 0;
  }
}
