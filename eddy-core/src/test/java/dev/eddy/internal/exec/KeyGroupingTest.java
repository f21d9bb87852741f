package dev.eddy.internal.exec;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import org.junit.jupiter.api.Test;

/**
 * Key grouping (map side {@link ShuffleBuffer}, stateful side {@link KeyGrouper}) against a model:
 * every key's rows in arrival order within a map task, map tasks in order (SEMANTICS B2), over
 * many batches with the same buffers — including batches of distinct keys, after which the map
 * side stops grouping, and the periodic probe that turns it on again.
 */
class KeyGroupingTest {

  /** One batch: per map task, the keys of its rows in arrival order. */
  record Batch(List<List<Integer>> tasks) {}

  @Provide
  Arbitrary<List<Batch>> batches() {
    Arbitrary<List<Integer>> fewKeys = Arbitraries.integers().between(0, 20).list().ofMaxSize(200);
    Arbitrary<List<Integer>> manyKeys = Arbitraries.integers().between(0, 1_000_000).list().ofMaxSize(300);
    Arbitrary<List<Integer>> task = Arbitraries.frequencyOf(
        net.jqwik.api.Tuple.of(1, fewKeys), net.jqwik.api.Tuple.of(2, manyKeys));
    return task.list().ofMinSize(1).ofMaxSize(3).map(Batch::new).list().ofMinSize(1).ofMaxSize(40);
  }

  @Property(tries = 200)
  void groupsEqualTheModelInEveryBatch(@ForAll("batches") List<Batch> batches) {
    ShuffleBuffer[] buffers = new ShuffleBuffer[3];
    for (int i = 0; i < buffers.length; i++) {
      buffers[i] = new ShuffleBuffer(16);
    }
    KeyGrouper grouper = new KeyGrouper();
    int batchNo = 0;
    for (Batch batch : batches) {
      ShuffleBuffer[] inputs = new ShuffleBuffer[batch.tasks().size()];
      Map<Object, List<Object>> expected = new LinkedHashMap<>();
      for (int t = 0; t < inputs.length; t++) {
        inputs[t] = buffers[t];
        inputs[t].clear();
        int row = 0;
        for (int k : batch.tasks().get(t)) {
          String key = "k" + k;
          String value = "b" + batchNo + "t" + t + "r" + row++;
          inputs[t].add(key, ShuffleBuffer.hash(key), value);
          expected.computeIfAbsent(key, x -> new ArrayList<>()).add(value);
        }
      }
      grouper.group(inputs);
      Map<Object, List<Object>> actual = new LinkedHashMap<>();
      for (int g = 0; g < grouper.groupCount(); g++) {
        List<Object> rows = new ArrayList<>();
        grouper.values(g).forEachRemaining(rows::add);
        assertThat(actual.put(grouper.key(g), rows)).as("key %s grouped twice", grouper.key(g)).isNull();
      }
      assertThat(actual).containsExactlyEntriesOf(expected);
      for (Object key : expected.keySet()) {
        assertThat(grouper.contains(key)).isTrue();
      }
      assertThat(grouper.contains("absent")).isFalse();
      grouper.release();
      batchNo++;
    }
  }

  @Test
  void mapSideStopsGroupingAfterABatchOfDistinctKeysAndProbesAgainLater() {
    ShuffleBuffer b = new ShuffleBuffer(16);
    fill(b, 1000, i -> "d" + i); // all distinct
    b.clear();
    assertThat(b.grouping()).isFalse();
    for (int i = 1; i < ShuffleBuffer.BATCHES_BETWEEN_PROBES; i++) {
      fill(b, 1000, k -> "r" + (k % 10)); // repeating keys, but not grouped: no way to tell
      assertThat(b.groups.size()).isEqualTo(1000);
      b.clear();
      assertThat(b.grouping()).isFalse();
    }
    fill(b, 1000, k -> "r" + (k % 10));
    b.clear();
    assertThat(b.grouping()).as("probe batch").isTrue();
    fill(b, 1000, k -> "r" + (k % 10));
    assertThat(b.groups.size()).isEqualTo(10);
    b.clear();
    assertThat(b.grouping()).isTrue();
  }

  private static void fill(ShuffleBuffer b, int rows, java.util.function.IntFunction<String> key) {
    for (int i = 0; i < rows; i++) {
      String k = key.apply(i);
      b.add(k, ShuffleBuffer.hash(k), i);
    }
  }

  @Test
  void valuesIteratorEndsWithNoSuchElement() {
    ShuffleBuffer b = new ShuffleBuffer(16);
    b.add("a", ShuffleBuffer.hash("a"), 1);
    KeyGrouper g = new KeyGrouper();
    g.group(new ShuffleBuffer[] {b});
    Iterator<Object> it = g.values(0);
    assertThat(it.next()).isEqualTo(1);
    assertThat(it.hasNext()).isFalse();
    org.assertj.core.api.Assertions.assertThatThrownBy(it::next).isInstanceOf(java.util.NoSuchElementException.class);
  }
}
