package dev.eddy.state.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.eddy.Encoders;
import dev.eddy.internal.state.MemoryStateStoreProvider;
import dev.eddy.spi.ColumnFamily;
import dev.eddy.spi.StateStore;
import dev.eddy.spi.StateStoreContext;
import dev.eddy.spi.StateStoreProvider;
import dev.eddy.spi.StateTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.constraints.Size;

/**
 * Random sequences of put, remove, commit, abort, maintenance and reload, run against the {@code
 * memory} backend, the {@code rocksdb} backend and a model made of hash maps; each backend must
 * agree with the model after every step. The memory backend keeps no files, so reloads (reopening
 * from the checkpoint, or going back to an older version) are skipped for it.
 */
class StateStoreModelPropertyTest {
  private static final ColumnFamily<Integer, String> A = new ColumnFamily<>("a", Encoders.INT(), Encoders.STRING());
  private static final ColumnFamily<String, Long> B = new ColumnFamily<>("b", Encoders.STRING(), Encoders.LONG());

  /** One step of a sequence; {@code back} is how many versions a reload goes back. */
  record Op(String kind, int key, long value, boolean columnA, int back) {}

  @Property(tries = 50)
  void backendsAgreeWithTheModel(@ForAll("ops") @Size(max = 120) List<Op> ops) throws IOException {
    Path dir = Files.createTempDirectory("eddy-model-");
    try {
      run(ops, MemoryStateStoreProvider::new, null, false);
      run(ops, RocksDbStateStoreProvider::new, dir, true);
    } finally {
      dev.eddy.internal.checkpoint.CheckpointIO.deleteRecursively(dir);
    }
  }

  @Provide
  Arbitrary<List<Op>> ops() {
    Arbitrary<String> kinds = Arbitraries.frequency(
        Tuple.of(30, "put"), Tuple.of(12, "remove"), Tuple.of(6, "prefetch"), Tuple.of(8, "commit"),
        Tuple.of(3, "abort"), Tuple.of(2, "maintain"), Tuple.of(2, "reload"));
    return Combinators.combine(kinds, Arbitraries.integers().between(0, 15), Arbitraries.longs().between(-5, 5),
        Arbitraries.of(true, false), Arbitraries.integers().between(0, 3)).as(Op::new).list();
  }

  private static void run(List<Op> ops, Supplier<StateStoreProvider> backend, Path checkpoint, boolean canReload) {
    Map<String, String> conf = Map.of(RocksDbStateStoreProvider.MIN_DELTAS_FOR_SNAPSHOT, "3",
        RocksDbStateStoreProvider.MIN_BATCHES_TO_RETAIN, "5");
    StateStoreContext ctx = new StateStoreContext(
        checkpoint == null ? null : checkpoint.resolve("state/0/0"), "model", 0, 0, List.of(A, B), conf);
    List<Map<Integer, String>> versionsA = new ArrayList<>(List.of(new HashMap<>()));
    List<Map<String, Long>> versionsB = new ArrayList<>(List.of(new HashMap<>()));
    StateStoreProvider provider = backend.get();
    provider.init(ctx);
    try {
      long version = 0;
      StateStore store = provider.getStore(0);
      Map<Integer, String> modelA = new HashMap<>();
      Map<String, Long> modelB = new HashMap<>();
      for (Op op : ops) {
        switch (op.kind()) {
          case "put":
            if (op.columnA()) {
              store.table(A).put(op.key(), "v" + op.value());
              modelA.put(op.key(), "v" + op.value());
            } else {
              store.table(B).put("k" + op.key(), op.value());
              modelB.put("k" + op.key(), op.value());
            }
            break;
          case "remove":
            if (op.columnA()) {
              store.table(A).remove(op.key());
              modelA.remove(op.key());
            } else {
              store.table(B).remove("k" + op.key());
              modelB.remove("k" + op.key());
            }
            break;
          case "prefetch":
            prefetchThenUpdate(store, op, modelA, modelB);
            break;
          case "commit":
            version = store.commit();
            versionsA.add(new HashMap<>(modelA));
            versionsB.add(new HashMap<>(modelB));
            store = provider.getStore(version);
            break;
          case "abort":
            store.abort();
            modelA = new HashMap<>(versionsA.get((int) version));
            modelB = new HashMap<>(versionsB.get((int) version));
            store = provider.getStore(version);
            break;
          case "maintain":
            provider.doMaintenance();
            break;
          default:
            if (!canReload) {
              break;
            }
            store.abort();
            long target = Math.max(0, version - Math.min(op.back(), 4));
            if (op.back() % 2 == 0) {
              provider.close();
              provider = backend.get();
              provider.init(ctx);
            }
            store = provider.getStore(target);
            if (target < version) {
              versionsA.subList((int) target + 1, versionsA.size()).clear();
              versionsB.subList((int) target + 1, versionsB.size()).clear();
            }
            version = target;
            modelA = new HashMap<>(versionsA.get((int) version));
            modelB = new HashMap<>(versionsB.get((int) version));
        }
        String where = provider.shortName() + " after " + op + " at version " + version;
        assertThat(store.table(A).get(op.key())).as(where).isEqualTo(modelA.get(op.key()));
        assertThat(store.table(B).get("k" + op.key())).as(where).isEqualTo(modelB.get("k" + op.key()));
        assertThat(store.table(A).size()).as(where).isEqualTo(modelA.size());
        assertThat(store.table(B).size()).as(where).isEqualTo(modelB.size());
        if (!op.kind().equals("put") && !op.kind().equals("remove")) {
          assertThat(contents(store.table(A))).as(where).isEqualTo(modelA);
          assertThat(contents(store.table(B))).as(where).isEqualTo(modelB);
        }
      }
      store.abort();
    } finally {
      provider.close();
    }
  }

  /**
   * Prefetches a few keys (one of them twice) the way the engine does, reads each through the very
   * key objects given, then changes the first and removes the last, as a batch would.
   */
  private static void prefetchThenUpdate(StateStore store, Op op, Map<Integer, String> modelA,
      Map<String, Long> modelB) {
    int[] picks = {op.key(), (op.key() + 1) % 16, op.key(), (op.key() + 7) % 16};
    List<Integer> keysA = new ArrayList<>();
    List<String> keysB = new ArrayList<>();
    for (int k : picks) {
      keysA.add(k);
      keysB.add(new String("k" + k));
    }
    store.table(A).prefetch(keysA);
    store.table(B).prefetch(keysB);
    for (int i = 0; i < picks.length; i++) {
      assertThat(store.table(A).get(keysA.get(i))).isEqualTo(modelA.get(keysA.get(i)));
      assertThat(store.table(B).get(keysB.get(i))).isEqualTo(modelB.get(keysB.get(i)));
      if (i == 0) {
        store.table(A).put(keysA.get(i), "p" + op.value());
        modelA.put(keysA.get(i), "p" + op.value());
        store.table(B).put(keysB.get(i), op.value());
        modelB.put(keysB.get(i), op.value());
      }
    }
    int last = picks.length - 1;
    store.table(A).remove(keysA.get(last));
    modelA.remove(keysA.get(last));
    store.table(B).remove(keysB.get(last));
    modelB.remove(keysB.get(last));
  }

  private static <K, V> Map<K, V> contents(StateTable<K, V> table) {
    Map<K, V> out = new HashMap<>();
    for (Iterator<Map.Entry<K, V>> it = table.iterator(); it.hasNext(); ) {
      Map.Entry<K, V> e = it.next();
      out.put(e.getKey(), e.getValue());
    }
    return out;
  }
}
