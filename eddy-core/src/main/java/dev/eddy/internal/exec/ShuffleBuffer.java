package dev.eddy.internal.exec;

import java.util.Arrays;

/**
 * The rows one map task sends to one state partition, already grouped by key as they arrive —
 * while the key the user's function just built is still in the CPU cache. Each distinct key is a
 * local group with its rows chained in arrival order through an index array; the stateful side
 * then merges the local groups of all map tasks ({@link KeyGrouper}), which costs one lookup per
 * distinct key per task instead of one per row. No per-row allocation beyond the user's objects.
 *
 * <p>Grouping pays only when keys repeat within a task's batch. When most keys of a batch were
 * distinct (at least {@link #DISTINCT_PERCENT_TO_STOP}% of its rows), the next batches skip the
 * lookup and make every row a group of its own — the stateful side merges those just the same —
 * trying grouping again every {@link #BATCHES_BETWEEN_PROBES} batches in case the keys changed.
 *
 * <p>Public only so that eddy-bench's JMH benchmarks can measure it; internal like its package.
 *
 * <p>Thread safety: written by one map task, then read by one stateful task after the map stage
 * has completed (the stage boundary publishes it).
 */
public final class ShuffleBuffer {
  Object[] values;
  int[] nextRow;
  int size;
  /** The distinct keys of this buffer, numbered by first arrival: the local groups. */
  final KeyTable groups = new KeyTable();
  /** The rows of each local group, chained through {@link #nextRow}. */
  final GroupChains groupRows = new GroupChains();
  static final int DISTINCT_PERCENT_TO_STOP = 75;
  static final int BATCHES_BETWEEN_PROBES = 16;
  private boolean grouping = true;
  private int batchesWithoutGrouping;

  public ShuffleBuffer(int capacity) {
    int c = Math.max(16, capacity);
    values = new Object[c];
    nextRow = new int[c];
  }

  /**
   * Forgets the rows and keys of the last batch and decides whether the next batch groups (see the
   * class comment). The index arrays are kept for the next batch; the row array is a new one.
   */
  public void clear() {
    if (grouping) {
      grouping = size < 64 || (long) groups.size() * 100 < (long) size * DISTINCT_PERCENT_TO_STOP;
      batchesWithoutGrouping = 0;
    } else if (++batchesWithoutGrouping >= BATCHES_BETWEEN_PROBES) {
      grouping = true;
    }
    // A new array rather than the old one emptied: storing a young row into an array that has
    // lived through a collection costs a GC write barrier (card mark + fence) per row.
    values = new Object[Math.max(16, size)];
    groups.clear(grouping ? groups.size() : 0);
    size = 0;
  }

  /**
   * Appends {@code value} to the group of {@code key} ({@code hash} from {@link #hash}), or to a
   * new group of its own while grouping is off.
   */
  public void add(Object key, int hash, Object value) {
    if (size == values.length) {
      values = Arrays.copyOf(values, size * 2);
      nextRow = Arrays.copyOf(nextRow, size * 2);
    }
    int row = size++;
    values[row] = value;
    nextRow[row] = -1;
    int g = grouping ? groups.idOf(key, hash) : groups.append(key, hash);
    groupRows.append(g, !grouping || groups.added(), row, nextRow);
  }

  /** Whether this batch groups rows by key (see the class comment). */
  boolean grouping() {
    return grouping;
  }

  /** Spreads a key's hash code so that partitions and hash slots use different bits. */
  public static int hash(Object key) {
    int h = key.hashCode();
    return h ^ (h >>> 16);
  }

  /** The state partition of a spread hash. */
  public static int partition(int hash, int numPartitions) {
    return Math.floorMod(hash * 0x9E3779B9, numPartitions);
  }
}
