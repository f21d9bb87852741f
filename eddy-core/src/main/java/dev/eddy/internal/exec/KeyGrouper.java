package dev.eddy.internal.exec;

import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

/**
 * Merges the key groups that the map tasks built for one state partition ({@link ShuffleBuffer})
 * into the partition's groups: one lookup per distinct key per map task. A key's rows come in
 * arrival order within each map task, map tasks in order (SEMANTICS B2). The table is sized for
 * the previous batch's number of keys and reused from batch to batch.
 *
 * <p>Public only so that eddy-bench's JMH benchmarks can measure it; internal like its package.
 *
 * <p>Thread safety: none; one grouper per state partition, used by the thread processing it.
 */
public final class KeyGrouper {
  private ShuffleBuffer[] buffers = new ShuffleBuffer[0];
  private final KeyTable groups = new KeyTable();
  /** The segments of each group, chained through {@link #segmentNext}. */
  private final GroupChains groupSegments = new GroupChains();
  /** Keys of the previous batch: the first guess of this batch's. */
  private int previousGroups;

  // segments: one (buffer, local group) pair per key per map task, chained per group
  private int[] segmentBuffer = new int[0];
  private int[] segmentLocalGroup = new int[0];
  private int[] segmentNext = new int[0];
  private int segmentCount;

  /** Merges the groups of {@code inputs} (in that order). */
  public void group(ShuffleBuffer[] inputs) {
    buffers = inputs;
    int localGroups = 0;
    for (ShuffleBuffer b : inputs) {
      localGroups += b.groups.size();
    }
    if (segmentBuffer.length < localGroups) {
      segmentBuffer = new int[localGroups];
      segmentLocalGroup = new int[localGroups];
      segmentNext = new int[localGroups];
    }
    segmentCount = 0;
    groups.clear(Math.min(Math.max(16, previousGroups), Math.max(16, localGroups)));
    for (int bi = 0; bi < inputs.length; bi++) {
      KeyTable local = inputs[bi].groups;
      for (int lg = 0; lg < local.size(); lg++) {
        int g = groups.idOf(local.key(lg), local.hash(lg));
        int s = segmentCount++;
        segmentBuffer[s] = bi;
        segmentLocalGroup[s] = lg;
        segmentNext[s] = -1;
        groupSegments.append(g, groups.added(), s, segmentNext);
      }
    }
  }

  public int groupCount() {
    return groups.size();
  }

  /** The keys of this batch, in order of first arrival (a view, valid until {@link #release()}). */
  List<Object> keys() {
    return groups.keys();
  }

  public Object key(int group) {
    return groups.key(group);
  }

  /** Whether {@code key} has rows in this batch. */
  boolean contains(Object key) {
    return groups.contains(key, ShuffleBuffer.hash(key));
  }

  /** The rows of {@code group}: each map task's rows in arrival order, map tasks in order. */
  public Iterator<Object> values(int group) {
    return new Iterator<>() {
      int segment = groupSegments.head(group);
      ShuffleBuffer buffer = buffers[segmentBuffer[segment]];
      int row = buffer.groupRows.head(segmentLocalGroup[segment]);

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
            row = buffer.groupRows.head(segmentLocalGroup[segment]);
          }
        }
        return v;
      }
    };
  }

  /** Drops references to this batch's rows and keys. */
  public void release() {
    buffers = new ShuffleBuffer[0];
    previousGroups = groups.size();
    groups.clear(previousGroups);
  }
}
