package dev.eddy.internal.state;

import java.util.Arrays;
import java.util.HashMap;
import java.util.function.Consumer;

/**
 * The pending timeouts of one state partition: an indexed binary min-heap of timers ordered by
 * timestamp, plus a key → timer map, so setting, moving and cancelling a key's timeout cost one
 * hash lookup and O(log n) array moves, and finding the expired keys costs O(expired · log n) —
 * never a scan of the state (SEMANTICS B7). Each timer knows its heap position, so sifting moves
 * no hash entries. Each key has at most one timeout.
 *
 * <p>Thread safety: none; owned by the thread processing the partition.
 */
public final class TimerIndex<K> {
  /** One key's timer and where it sits in the heap. */
  private static final class Timer<K> {
    final K key;
    long time;
    int pos;

    Timer(K key, long time) {
      this.key = key;
      this.time = time;
    }
  }

  @SuppressWarnings("unchecked")
  private Timer<K>[] heap = new Timer[16];
  private int size;
  private final HashMap<K, Timer<K>> timers = new HashMap<>();

  /** Number of pending timeouts. */
  public int size() {
    return size;
  }

  /** Sets (or moves) the timeout of {@code key}. */
  public void set(K key, long timestampMs) {
    Timer<K> t = timers.get(key);
    if (t != null) {
      long old = t.time;
      t.time = timestampMs;
      if (timestampMs < old) {
        siftUp(t.pos);
      } else {
        siftDown(t.pos);
      }
      return;
    }
    if (size == heap.length) {
      heap = Arrays.copyOf(heap, size * 2);
    }
    t = new Timer<>(key, timestampMs);
    timers.put(key, t);
    place(t, size++);
    siftUp(t.pos);
  }

  /** Cancels the timeout of {@code key}, if any. */
  public void cancel(K key) {
    Timer<K> t = timers.remove(key);
    if (t != null) {
      removeAt(t.pos);
    }
  }

  /** Removes every key whose timestamp is strictly below {@code thresholdMs}, oldest first. */
  public void pollExpired(long thresholdMs, Consumer<K> onExpired) {
    while (size > 0 && heap[0].time < thresholdMs) {
      Timer<K> t = heap[0];
      timers.remove(t.key);
      removeAt(0);
      onExpired.accept(t.key);
    }
  }

  /** Removes all timeouts. */
  public void clear() {
    Arrays.fill(heap, 0, size, null);
    size = 0;
    timers.clear();
  }

  private void removeAt(int pos) {
    int last = --size;
    Timer<K> moved = heap[last];
    heap[last] = null;
    if (pos != last) {
      place(moved, pos);
      siftDown(pos);
      siftUp(moved.pos);
    }
  }

  private void place(Timer<K> t, int pos) {
    heap[pos] = t;
    t.pos = pos;
  }

  private void siftUp(int pos) {
    Timer<K> t = heap[pos];
    while (pos > 0) {
      int parent = (pos - 1) >>> 1;
      Timer<K> p = heap[parent];
      if (p.time <= t.time) {
        break;
      }
      place(p, pos);
      pos = parent;
    }
    place(t, pos);
  }

  private void siftDown(int pos) {
    Timer<K> t = heap[pos];
    while (true) {
      int child = 2 * pos + 1;
      if (child >= size) {
        break;
      }
      if (child + 1 < size && heap[child + 1].time < heap[child].time) {
        child++;
      }
      if (t.time <= heap[child].time) {
        break;
      }
      place(heap[child], pos);
      pos = child;
    }
    place(t, pos);
  }
}
