package dev.eddy.internal.state;

import java.util.Arrays;
import java.util.HashMap;
import java.util.function.Consumer;

/**
 * The pending timeouts of one state partition: an indexed binary min-heap of (timestamp, key)
 * with a key → slot map, so setting, moving and cancelling a key's timeout cost O(log n) and
 * finding the expired keys costs O(expired · log n) — never a scan of the state (SEMANTICS B7).
 * Each key has at most one timeout.
 *
 * <p>Thread safety: none; owned by the thread processing the partition.
 */
public final class TimerIndex<K> {
  private long[] times = new long[16];
  private Object[] keys = new Object[16];
  private int size;
  private final HashMap<K, Integer> slots = new HashMap<>();

  /** Number of pending timeouts. */
  public int size() {
    return size;
  }

  /** Sets (or moves) the timeout of {@code key}. */
  public void set(K key, long timestampMs) {
    Integer slot = slots.get(key);
    if (slot != null) {
      long old = times[slot];
      times[slot] = timestampMs;
      if (timestampMs < old) {
        siftUp(slot);
      } else {
        siftDown(slot);
      }
      return;
    }
    if (size == times.length) {
      times = Arrays.copyOf(times, size * 2);
      keys = Arrays.copyOf(keys, size * 2);
    }
    times[size] = timestampMs;
    keys[size] = key;
    slots.put(key, size);
    siftUp(size++);
  }

  /** Cancels the timeout of {@code key}, if any. */
  public void cancel(K key) {
    Integer slot = slots.remove(key);
    if (slot == null) {
      return;
    }
    int last = --size;
    if (slot != last) {
      move(last, slot);
      siftDown(slot);
      siftUp(slot);
    }
    keys[last] = null;
  }

  /** Removes every key whose timestamp is strictly below {@code thresholdMs}, oldest first. */
  @SuppressWarnings("unchecked")
  public void pollExpired(long thresholdMs, Consumer<K> onExpired) {
    while (size > 0 && times[0] < thresholdMs) {
      K key = (K) keys[0];
      cancel(key);
      onExpired.accept(key);
    }
  }

  /** Removes all timeouts. */
  public void clear() {
    Arrays.fill(keys, 0, size, null);
    size = 0;
    slots.clear();
  }

  private void siftUp(int i) {
    while (i > 0) {
      int parent = (i - 1) >>> 1;
      if (times[parent] <= times[i]) {
        return;
      }
      swap(i, parent);
      i = parent;
    }
  }

  private void siftDown(int i) {
    while (true) {
      int left = 2 * i + 1;
      if (left >= size) {
        return;
      }
      int smallest = left + 1 < size && times[left + 1] < times[left] ? left + 1 : left;
      if (times[i] <= times[smallest]) {
        return;
      }
      swap(i, smallest);
      i = smallest;
    }
  }

  @SuppressWarnings("unchecked")
  private void swap(int a, int b) {
    long t = times[a];
    times[a] = times[b];
    times[b] = t;
    Object k = keys[a];
    keys[a] = keys[b];
    keys[b] = k;
    slots.put((K) keys[a], a);
    slots.put((K) keys[b], b);
  }

  @SuppressWarnings("unchecked")
  private void move(int from, int to) {
    times[to] = times[from];
    keys[to] = keys[from];
    slots.put((K) keys[to], to);
  }
}
