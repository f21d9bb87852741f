package dev.eddy.bench.jmh;

import dev.eddy.internal.state.TimerIndex;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * A batch's worth of timeout bookkeeping as W2's sessions do it, on the engine's {@link
 * TimerIndex} and on a {@link TreeSetTimers} baseline in the same run: set a timeout for each of
 * {@code keys} keys (timestamp = key number), move every even key past the rest, cancel every key
 * numbered 1 mod 4, expire up to {@code keys} (which must yield exactly the keys numbered 3 mod 4),
 * then expire the rest (the even keys); each expiry must come oldest first. A wrong expiry count or order throws. Time is per batch.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class TimerIndexBench {
  /** Which implementation is measured. */
  @Param({"timerIndex", "treeSet"})
  public String impl;

  /** Keys with a timeout per batch. */
  @Param({"10000"})
  public int keys;

  private Integer[] keyObjects;
  private Timers<Integer> timers;
  private int expired;
  private int lastExpired;

  /** Builds the keys and an empty index. */
  @Setup
  public void setUp() {
    keyObjects = new Integer[keys];
    for (int i = 0; i < keys; i++) {
      keyObjects[i] = i;
    }
    timers = switch (impl) {
      case "timerIndex" -> Timers.of(new TimerIndex<>());
      case "treeSet" -> new TreeSetTimers<>();
      default -> throw new IllegalArgumentException("Unknown @Param impl '" + impl + "'");
    };
  }

  /** Sets, moves, cancels and expires the timeouts of one batch; returns the expired count. */
  @Benchmark
  public int batch() {
    for (int i = 0; i < keys; i++) {
      timers.set(keyObjects[i], i);
    }
    for (int i = 0; i < keys; i += 2) {
      timers.set(keyObjects[i], keys + i);
    }
    for (int i = 1; i < keys; i += 4) {
      timers.cancel(keyObjects[i]);
    }
    expired = 0;
    lastExpired = -1;
    timers.pollExpired(keys, this::onExpired);
    check(expired == keys / 4, "first expiry");
    lastExpired = -1;
    timers.pollExpired(Long.MAX_VALUE, this::onExpired);
    check(expired == keys / 4 + (keys + 1) / 2 && timers.size() == 0, "second expiry");
    return expired;
  }

  private void onExpired(Integer key) {
    if (key <= lastExpired) {
      throw new IllegalStateException(impl + " expired key " + key + " after key " + lastExpired);
    }
    lastExpired = key;
    expired++;
  }

  private void check(boolean ok, String step) {
    if (!ok) {
      throw new IllegalStateException(
          impl + ": " + step + " expired " + expired + " keys of " + keys + ", " + timers.size() + " left");
    }
  }
}
