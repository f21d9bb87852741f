package dev.eddy.bench.jmh;

import dev.eddy.internal.state.TimerIndex;
import java.util.function.Consumer;

/**
 * The contract of {@link TimerIndex}, so the benchmark can run it and its baseline ({@link
 * TreeSetTimers}) through the same code: at most one timeout per key; setting moves it, expiry
 * removes it.
 *
 * <p>Thread safety: none.
 */
interface Timers<K> {
  /** Sets (or moves) the timeout of {@code key}. */
  void set(K key, long timestampMs);

  /** Cancels the timeout of {@code key}, if any. */
  void cancel(K key);

  /** Removes and reports every key whose timestamp is strictly below {@code thresholdMs}. */
  void pollExpired(long thresholdMs, Consumer<K> onExpired);

  /** Number of pending timeouts. */
  int size();

  /** The engine's {@link TimerIndex} behind this interface. */
  static <K> Timers<K> of(TimerIndex<K> index) {
    return new Timers<>() {
      @Override
      public void set(K key, long timestampMs) {
        index.set(key, timestampMs);
      }

      @Override
      public void cancel(K key) {
        index.cancel(key);
      }

      @Override
      public void pollExpired(long thresholdMs, Consumer<K> onExpired) {
        index.pollExpired(thresholdMs, onExpired);
      }

      @Override
      public int size() {
        return index.size();
      }
    };
  }
}
