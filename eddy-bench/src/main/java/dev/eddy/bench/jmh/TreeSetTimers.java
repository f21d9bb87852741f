package dev.eddy.bench.jmh;

import java.util.HashMap;
import java.util.Map;
import java.util.TreeSet;
import java.util.function.Consumer;

/**
 * The textbook baseline for {@link dev.eddy.internal.state.TimerIndex}: a {@link TreeSet} of
 * (timestamp, sequence) entries ordered by time, plus a key → entry map for moves and cancels.
 *
 * <p>Thread safety: none.
 */
final class TreeSetTimers<K> implements Timers<K> {
  private record Entry(long timestampMs, long seq, Object key) {}

  private final TreeSet<Entry> byTime =
      new TreeSet<>((a, b) -> a.timestampMs != b.timestampMs
          ? Long.compare(a.timestampMs, b.timestampMs)
          : Long.compare(a.seq, b.seq));
  private final Map<K, Entry> byKey = new HashMap<>();
  private long nextSeq;

  @Override
  public void set(K key, long timestampMs) {
    Entry e = new Entry(timestampMs, nextSeq++, key);
    Entry old = byKey.put(key, e);
    if (old != null) {
      byTime.remove(old);
    }
    byTime.add(e);
  }

  @Override
  public void cancel(K key) {
    Entry old = byKey.remove(key);
    if (old != null) {
      byTime.remove(old);
    }
  }

  @Override
  @SuppressWarnings("unchecked")
  public void pollExpired(long thresholdMs, Consumer<K> onExpired) {
    while (!byTime.isEmpty() && byTime.first().timestampMs < thresholdMs) {
      K key = (K) byTime.pollFirst().key;
      byKey.remove(key);
      onExpired.accept(key);
    }
  }

  @Override
  public int size() {
    return byKey.size();
  }
}
