package dev.eddy.internal.state;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/** SEMANTICS B5, B7: the timer index finds expired keys, oldest first, strictly below the threshold. */
class TimerIndexTest {

  private static List<String> poll(TimerIndex<String> index, long threshold) {
    List<String> out = new ArrayList<>();
    index.pollExpired(threshold, out::add);
    return out;
  }

  @Test
  void expiredKeysComeOutOldestFirstAndLeaveTheIndex() {
    TimerIndex<String> index = new TimerIndex<>();
    index.set("c", 300);
    index.set("a", 100);
    index.set("d", 400);
    index.set("b", 200);
    assertThat(poll(index, 301)).containsExactly("a", "b", "c");
    assertThat(index.size()).isEqualTo(1);
    assertThat(poll(index, 10_000)).containsExactly("d");
    assertThat(index.size()).isZero();
  }

  @Test
  void thresholdIsStrict() {
    // SEMANTICS B5: a key fires when its timestamp < threshold
    TimerIndex<String> index = new TimerIndex<>();
    index.set("a", 1_000);
    assertThat(poll(index, 1_000)).isEmpty();
    assertThat(poll(index, 1_001)).containsExactly("a");
  }

  @Test
  void setAgainMovesTheKeysOnlyTimeout() {
    TimerIndex<String> index = new TimerIndex<>();
    index.set("a", 100);
    index.set("b", 200);
    index.set("a", 300); // later
    index.set("b", 50); // earlier
    assertThat(index.size()).isEqualTo(2);
    assertThat(poll(index, 250)).containsExactly("b");
    assertThat(poll(index, 301)).containsExactly("a");
  }

  @Test
  void cancelRemovesTheTimeoutAndIgnoresUnknownKeys() {
    TimerIndex<String> index = new TimerIndex<>();
    index.set("a", 100);
    index.set("b", 200);
    index.set("c", 300);
    index.cancel("b");
    index.cancel("never-set");
    assertThat(index.size()).isEqualTo(2);
    assertThat(poll(index, 1_000)).containsExactly("a", "c");
  }

  @Test
  void clearEmptiesTheIndex() {
    TimerIndex<String> index = new TimerIndex<>();
    for (int i = 0; i < 100; i++) {
      index.set("k" + i, i);
    }
    index.clear();
    assertThat(index.size()).isZero();
    assertThat(poll(index, Long.MAX_VALUE)).isEmpty();
    index.set("k1", 5);
    assertThat(poll(index, 6)).containsExactly("k1");
  }

  @Test
  void manyExpiringAtOnceComeOutOldestFirstAndTheOthersStayIndexed() {
    // past max(64, n/16) pops the rest are taken in one pass (select, sort, re-heapify)
    TimerIndex<Integer> index = new TimerIndex<>();
    Random random = new Random(7);
    List<Integer> keys = new ArrayList<>();
    for (int i = 0; i < 10_000; i++) {
      keys.add(i);
    }
    java.util.Collections.shuffle(keys, random);
    for (int k : keys) {
      index.set(k, k * 10L);
    }
    List<Integer> expired = new ArrayList<>();
    index.pollExpired(60_000, expired::add);
    assertThat(expired).hasSize(6_000).isSorted();
    assertThat(expired.get(0)).isZero();
    assertThat(index.size()).isEqualTo(4_000);
    index.set(9_999, 5); // moved before everything left
    index.cancel(7_000);
    index.set(6_000, 60_005); // unchanged order
    List<Integer> rest = new ArrayList<>();
    index.pollExpired(Long.MAX_VALUE, rest::add);
    assertThat(rest).hasSize(3_999);
    assertThat(rest.get(0)).isEqualTo(9_999);
    assertThat(rest.subList(1, rest.size())).isSorted().doesNotContain(7_000);
    assertThat(index.size()).isZero();
  }

  @Test
  void randomOperationsMatchATreeMapModel() {
    Random random = new Random(42);
    TimerIndex<Integer> index = new TimerIndex<>();
    Map<Integer, Long> timeouts = new HashMap<>();
    TreeMap<Long, TreeSet<Integer>> byTime = new TreeMap<>();
    for (int step = 0; step < 50_000; step++) {
      int key = random.nextInt(step < 25_000 ? 500 : 5_000); // small and large heaps, both poll paths
      int op = random.nextInt(10);
      if (op < 6) {
        long t = random.nextInt(10_000);
        index.set(key, t);
        remove(timeouts, byTime, key);
        timeouts.put(key, t);
        byTime.computeIfAbsent(t, x -> new TreeSet<>()).add(key);
      } else if (op < 8) {
        index.cancel(key);
        remove(timeouts, byTime, key);
      } else {
        long threshold = random.nextInt(10_000);
        List<Integer> got = new ArrayList<>();
        List<Long> gotTimes = new ArrayList<>();
        index.pollExpired(threshold, k -> {
          got.add(k);
          gotTimes.add(timeouts.get(k));
        });
        List<Integer> expected = new ArrayList<>();
        for (TreeSet<Integer> keys : byTime.headMap(threshold, false).values()) {
          expected.addAll(keys);
        }
        assertThat(got).as("step %d, threshold %d", step, threshold).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(gotTimes).as("oldest first").isSorted();
        for (Integer k : got) {
          remove(timeouts, byTime, k);
        }
      }
      assertThat(index.size()).isEqualTo(timeouts.size());
    }
  }

  private static void remove(Map<Integer, Long> timeouts, TreeMap<Long, TreeSet<Integer>> byTime, int key) {
    Long old = timeouts.remove(key);
    if (old != null) {
      TreeSet<Integer> keys = byTime.get(old);
      keys.remove(key);
      if (keys.isEmpty()) {
        byTime.remove(old);
      }
    }
  }
}
