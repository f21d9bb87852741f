package dev.eddy.internal.state;

import java.util.Arrays;
import java.util.HashMap;
import java.util.function.Consumer;

/**
 * The pending timeouts of one state partition: an indexed binary min-heap of timers ordered by
 * timestamp, plus a key → timer map, so setting, moving and cancelling a key's timeout cost one
 * hash lookup and O(log n) array moves, and finding the expired keys costs O(expired · log n) —
 * never a scan of the state (SEMANTICS B7). When a large share of the timers expires at once
 * (more than {@code max(64, n/16)}), the rest are taken in one pass instead: select the expired
 * timers, sort them, re-heapify the others — O(n + expired · log expired), which is then
 * proportional to the expired keys too, and far cheaper than that many pops. Each timer knows its
 * heap position, so sifting moves no hash entries. Each key has at most one timeout.
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
  /** {@code times[i] == heap[i].time}: sifting and scanning compare without touching the timers. */
  private long[] times = new long[16];
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
      times[t.pos] = timestampMs;
      if (timestampMs < old) {
        siftUp(t.pos);
      } else {
        siftDown(t.pos);
      }
      return;
    }
    if (size == heap.length) {
      heap = Arrays.copyOf(heap, size * 2);
      times = Arrays.copyOf(times, size * 2);
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

  /**
   * Removes every key whose timestamp is strictly below {@code thresholdMs}, oldest first.
   * {@code onExpired} must not change this index.
   */
  public void pollExpired(long thresholdMs, Consumer<K> onExpired) {
    int pops = Math.max(64, size >>> 4);
    while (size > 0 && times[0] < thresholdMs) {
      if (pops-- == 0) {
        pollExpiredInOnePass(thresholdMs, onExpired);
        return;
      }
      Timer<K> t = heap[0];
      timers.remove(t.key);
      removeAt(0);
      onExpired.accept(t.key);
    }
  }

  /** The rest of {@link #pollExpired} when many timers expire: see the class comment. */
  private void pollExpiredInOnePass(long thresholdMs, Consumer<K> onExpired) {
    @SuppressWarnings("unchecked")
    Timer<K>[] expired = new Timer[size];
    int count = 0;
    int kept = 0;
    for (int i = 0; i < size; i++) {
      if (times[i] < thresholdMs) {
        expired[count++] = heap[i];
      } else if (kept != i) {
        place(heap[i], kept++);
      } else {
        kept++;
      }
    }
    Arrays.fill(heap, kept, size, null);
    size = kept;
    for (int i = (size >>> 1) - 1; i >= 0; i--) {
      siftDown(i);
    }
    Arrays.sort(expired, 0, count, (a, b) -> Long.compare(a.time, b.time));
    for (int i = 0; i < count; i++) {
      timers.remove(expired[i].key);
    }
    for (int i = 0; i < count; i++) {
      onExpired.accept(expired[i].key);
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
    times[pos] = t.time;
    t.pos = pos;
  }

  private void siftUp(int pos) {
    Timer<K> t = heap[pos];
    long time = times[pos];
    while (pos > 0) {
      int parent = (pos - 1) >>> 1;
      if (times[parent] <= time) {
        break;
      }
      place(heap[parent], pos);
      pos = parent;
    }
    place(t, pos);
  }

  private void siftDown(int pos) {
    Timer<K> t = heap[pos];
    long time = times[pos];
    while (true) {
      int child = 2 * pos + 1;
      if (child >= size) {
        break;
      }
      if (child + 1 < size && times[child + 1] < times[child]) {
        child++;
      }
      if (time <= times[child]) {
        break;
      }
      place(heap[child], pos);
      pos = child;
    }
    place(t, pos);
  }
}
