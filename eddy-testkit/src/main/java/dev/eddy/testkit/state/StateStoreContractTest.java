package dev.eddy.testkit.state;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.eddy.Encoders;
import dev.eddy.spi.ColumnFamily;
import dev.eddy.spi.StateStore;
import dev.eddy.spi.StateStoreContext;
import dev.eddy.spi.StateStoreProvider;
import dev.eddy.spi.StateTable;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The contract every state store backend keeps, run against one backend by a subclass that
 * supplies {@link #newProvider()}. Backends declare optional abilities through {@link #durable()}
 * and {@link #supportsReloadOfOlderVersions()}; tests of abilities a backend lacks are skipped,
 * not failed.
 *
 * <p>Stores are opened for operator 7, partition 3 with two column families: {@link #VISITS}
 * (string keys, record values) and {@link #FLAGS} (integer keys, string values).
 *
 * <p>Thread safety: JUnit runs each test on one thread with a fresh instance.
 */
public abstract class StateStoreContractTest {
  /** A record value type, so codecs of records are exercised too. */
  public record Visit(String page, long count) {}

  protected static final ColumnFamily<String, Visit> VISITS =
      new ColumnFamily<>("visits", Encoders.STRING(), Encoders.record(Visit.class));
  protected static final ColumnFamily<Integer, String> FLAGS =
      new ColumnFamily<>("flags", Encoders.INT(), Encoders.STRING());

  @TempDir protected Path checkpoint;
  private final List<StateStoreProvider> providers = new ArrayList<>();

  /** A new, uninitialised provider of the backend under test. */
  protected abstract StateStoreProvider newProvider();

  /** Whether the backend keeps its state in {@code storeDir} and reopens it after close. */
  protected boolean durable() {
    return false;
  }

  /** Whether {@link StateStoreProvider#getStore} can open a version older than the latest. */
  protected boolean supportsReloadOfOlderVersions() {
    return false;
  }

  /** Settings passed to the provider; override to shorten snapshot intervals and the like. */
  protected Map<String, String> conf() {
    return Map.of();
  }

  /** The context the tests open stores with: a store directory when {@link #durable()}. */
  protected StateStoreContext context() {
    Path storeDir = durable() ? checkpoint.resolve("state").resolve("7").resolve("3") : null;
    return new StateStoreContext(storeDir, "contract", 7, 3, List.of(VISITS, FLAGS), conf());
  }

  /** A new provider initialised with {@link #context()}, closed after the test. */
  protected StateStoreProvider open() {
    StateStoreProvider p = newProvider();
    providers.add(p);
    p.init(context());
    return p;
  }

  @AfterEach
  void closeProviders() {
    for (int i = providers.size() - 1; i >= 0; i--) {
      providers.get(i).close();
    }
  }

  @Test
  void putGetRemove() {
    StateStore s = open().getStore(0);
    StateTable<String, Visit> t = s.table(VISITS);
    assertThat(t.get("a")).isNull();
    t.put("a", new Visit("/", 1));
    assertThat(t.get("a")).isEqualTo(new Visit("/", 1));
    t.put("a", new Visit("/x", 2));
    assertThat(t.get("a")).isEqualTo(new Visit("/x", 2));
    t.remove("a");
    assertThat(t.get("a")).isNull();
    t.remove("never-there");
    assertThat(t.size()).isZero();
  }

  @Test
  void prefetchChangesNoResult() {
    StateStoreProvider p = open();
    StateStore s = p.getStore(0);
    for (int i = 0; i < 100; i++) {
      s.table(VISITS).put("k" + i, new Visit("/" + i, i));
    }
    s.commit();
    StateStore next = p.getStore(1);
    StateTable<String, Visit> t = next.table(VISITS);
    List<String> keys = new java.util.ArrayList<>();
    for (int i = 95; i < 110; i++) {
      keys.add("k" + i);
    }
    keys.add("k96"); // duplicates and absent keys are allowed
    t.prefetch(keys);
    for (String k : keys) {
      Visit v = t.get(k);
      if (v == null) {
        t.put(k, new Visit("new", 1));
      } else {
        t.put(k, new Visit(v.page(), v.count() + 1));
      }
    }
    t.remove("k97");
    assertThat(t.get("k95")).isEqualTo(new Visit("/95", 96));
    assertThat(t.get("k96")).isEqualTo(new Visit("/96", 98));
    assertThat(t.get("k97")).isNull();
    assertThat(t.get("k105")).isEqualTo(new Visit("new", 1));
    assertThat(t.get("k3")).isEqualTo(new Visit("/3", 3));
    next.commit();
    StateTable<String, Visit> after = p.getStore(2).table(VISITS);
    assertThat(after.get("k96")).isEqualTo(new Visit("/96", 98));
    assertThat(after.get("k97")).isNull();
    assertThat(after.size()).isEqualTo(100 + 10 - 1);
  }

  @Test
  void columnFamiliesAreIndependent() {
    StateStoreProvider p = open();
    StateStore s = p.getStore(0);
    s.table(VISITS).put("1", new Visit("v", 1));
    s.table(FLAGS).put(1, "flag");
    assertThat(s.commit()).isEqualTo(1);
    StateStore next = p.getStore(1);
    assertThat(next.table(VISITS).get("1")).isEqualTo(new Visit("v", 1));
    assertThat(next.table(FLAGS).get(1)).isEqualTo("flag");
    next.table(FLAGS).remove(1);
    assertThat(next.table(VISITS).size()).isEqualTo(1);
    assertThat(next.table(FLAGS).size()).isZero();
    next.abort();
  }

  @Test
  void commitReturnsTheNextVersion() {
    StateStoreProvider p = open();
    for (long v = 0; v < 5; v++) {
      StateStore s = p.getStore(v);
      assertThat(s.version()).isEqualTo(v);
      s.table(VISITS).put("k" + v, new Visit("p", v));
      assertThat(s.hasCommitted()).isFalse();
      assertThat(s.commit()).isEqualTo(v + 1);
      assertThat(s.hasCommitted()).isTrue();
      assertThat(s.metrics().numKeys()).isEqualTo(v + 1);
    }
  }

  @Test
  void abortUndoesEveryChange() {
    StateStoreProvider p = open();
    StateStore s = p.getStore(0);
    s.table(VISITS).put("a", new Visit("a", 1));
    s.table(VISITS).put("b", new Visit("b", 2));
    s.table(FLAGS).put(7, "seven");
    s.commit();

    StateStore batch = p.getStore(1);
    batch.table(VISITS).put("a", new Visit("a", 10));
    batch.table(VISITS).remove("b");
    batch.table(VISITS).put("c", new Visit("c", 3));
    batch.table(FLAGS).remove(7);
    batch.table(FLAGS).put(8, "eight");
    batch.abort();
    assertThat(batch.hasCommitted()).isFalse();

    StateStore again = p.getStore(1);
    assertThat(contents(again.table(VISITS))).isEqualTo(Map.of("a", new Visit("a", 1), "b", new Visit("b", 2)));
    assertThat(contents(again.table(FLAGS))).isEqualTo(Map.of(7, "seven"));
    assertThat(again.table(VISITS).size()).isEqualTo(2);
    assertThat(again.table(FLAGS).size()).isEqualTo(1);
  }

  @Test
  void aClosedStoreCannotCommit() {
    StateStoreProvider p = open();
    StateStore s = p.getStore(0);
    s.abort();
    assertThatThrownBy(s::commit).isInstanceOf(IllegalStateException.class).hasMessageContaining("partition 3");
    StateStore t = p.getStore(0);
    t.commit();
    assertThatThrownBy(t::commit).isInstanceOf(IllegalStateException.class);
  }

  @Test
  void onlyOneStoreIsOpenAtATime() {
    StateStoreProvider p = open();
    p.getStore(0);
    assertThatThrownBy(() -> p.getStore(0)).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("partition 3");
  }

  @Test
  void aVersionThatWasNeverCommittedFailsNamingThePartition() {
    StateStoreProvider p = open();
    p.getStore(0).commit();
    assertThatThrownBy(() -> p.getStore(5)).isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("partition 3").hasMessageContaining("5");
  }

  @Test
  void nullValuesAreRejected() {
    StateTable<String, Visit> t = open().getStore(0).table(VISITS);
    assertThatThrownBy(() -> t.put("k", null)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void undeclaredColumnFamiliesAreRejected() {
    StateStore s = open().getStore(0);
    ColumnFamily<String, String> other = new ColumnFamily<>("other", Encoders.STRING(), Encoders.STRING());
    assertThatThrownBy(() -> s.table(other)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("other");
  }

  @Test
  void iteratorAndSizeSeeUncommittedChanges() {
    StateStoreProvider p = open();
    StateStore s = p.getStore(0);
    for (int i = 0; i < 10; i++) {
      s.table(VISITS).put("k" + i, new Visit("p", i));
    }
    s.commit();
    StateStore next = p.getStore(1);
    StateTable<String, Visit> t = next.table(VISITS);
    t.remove("k0");
    t.put("k1", new Visit("changed", 1));
    t.put("new", new Visit("n", 0));
    t.put("new", new Visit("n", 1));
    Map<String, Visit> expected = new HashMap<>();
    for (int i = 2; i < 10; i++) {
      expected.put("k" + i, new Visit("p", i));
    }
    expected.put("k1", new Visit("changed", 1));
    expected.put("new", new Visit("n", 1));
    assertThat(contents(t)).isEqualTo(expected);
    assertThat(t.size()).isEqualTo(expected.size());
    next.commit();
    assertThat(contents(p.getStore(2).table(VISITS))).isEqualTo(expected);
  }

  @Test
  void manyKeys() {
    StateStoreProvider p = open();
    StateStore s = p.getStore(0);
    int n = 50_000;
    for (int i = 0; i < n; i++) {
      s.table(FLAGS).put(i, "v" + i);
    }
    s.commit();
    StateStore next = p.getStore(1);
    StateTable<Integer, String> t = next.table(FLAGS);
    assertThat(t.size()).isEqualTo(n);
    for (int i = 0; i < n; i += 997) {
      assertThat(t.get(i)).isEqualTo("v" + i);
    }
    int seen = 0;
    for (Iterator<Map.Entry<Integer, String>> it = t.iterator(); it.hasNext(); it.next()) {
      seen++;
    }
    assertThat(seen).isEqualTo(n);
  }

  @Test
  void maintenanceBetweenBatchesKeepsTheState() {
    StateStoreProvider p = open();
    for (long v = 0; v < 12; v++) {
      StateStore s = p.getStore(v);
      s.table(VISITS).put("k" + (v % 4), new Visit("p", v));
      s.commit();
      p.doMaintenance();
    }
    StateStore last = p.getStore(12);
    assertThat(last.table(VISITS).get("k3")).isEqualTo(new Visit("p", 11));
    assertThat(last.table(VISITS).size()).isEqualTo(4);
  }

  @Test
  void reopensFromTheStoreDirectoryAfterClose() {
    assumeTrue(durable(), "backend keeps no files");
    StateStoreProvider first = open();
    Map<String, Visit> expected = new HashMap<>();
    for (long v = 0; v < 7; v++) {
      StateStore s = first.getStore(v);
      s.table(VISITS).put("k" + v, new Visit("p", v));
      expected.put("k" + v, new Visit("p", v));
      if (v == 3) {
        s.table(VISITS).remove("k1");
        expected.remove("k1");
      }
      s.commit();
      if (v == 4) {
        first.doMaintenance();
      }
    }
    first.close();
    StateStore reopened = open().getStore(7);
    assertThat(contents(reopened.table(VISITS))).isEqualTo(expected);
    assertThat(reopened.table(VISITS).size()).isEqualTo(expected.size());
  }

  @Test
  void reloadsAnOlderVersion() {
    assumeTrue(supportsReloadOfOlderVersions(), "backend keeps only its latest version");
    StateStoreProvider p = open();
    StateStore s = p.getStore(0);
    s.table(FLAGS).put(1, "one");
    s.commit();
    StateStore s1 = p.getStore(1);
    s1.table(FLAGS).put(1, "uno");
    s1.table(FLAGS).put(2, "dos");
    s1.commit();
    StateStore old = p.getStore(1);
    assertThat(contents(old.table(FLAGS))).isEqualTo(Map.of(1, "one"));
    old.abort();
    assertThat(contents(p.getStore(2).table(FLAGS))).isEqualTo(Map.of(1, "uno", 2, "dos"));
  }

  /** All entries of {@code table}, read through its iterator. */
  protected static <K, V> Map<K, V> contents(StateTable<K, V> table) {
    Map<K, V> out = new HashMap<>();
    for (Iterator<Map.Entry<K, V>> it = table.iterator(); it.hasNext(); ) {
      Map.Entry<K, V> e = it.next();
      assertThat(out.put(e.getKey(), e.getValue())).as("duplicate key %s", e.getKey()).isNull();
    }
    return out;
  }
}
