package dev.eddy.internal.exec;

import java.util.Arrays;

/**
 * The first and last item of each group's chain of items, the items linked in arrival order
 * through a {@code next} array the caller owns: rows of a map task's local group ({@link
 * ShuffleBuffer}) and segments of a partition's group ({@link KeyGrouper}).
 *
 * <p>Thread safety: none; owned by one task.
 */
final class GroupChains {
  private int[] head = new int[16];
  private int[] tail = new int[16];

  /**
   * Appends {@code item} (whose {@code next[item]} is already -1) to the chain of {@code group},
   * or starts that chain when the group is new.
   */
  void append(int group, boolean newGroup, int item, int[] next) {
    if (newGroup) {
      if (group == head.length) {
        head = Arrays.copyOf(head, group * 2);
        tail = Arrays.copyOf(tail, group * 2);
      }
      head[group] = item;
    } else {
      next[tail[group]] = item;
    }
    tail[group] = item;
  }

  /** The first item of {@code group}. */
  int head(int group) {
    return head[group];
  }
}
