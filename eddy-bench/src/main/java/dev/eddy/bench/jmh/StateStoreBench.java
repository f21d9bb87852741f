package dev.eddy.bench.jmh;

import dev.eddy.Encoders;
import dev.eddy.bench.jmh.CodecBench.Clicks;
import dev.eddy.internal.state.StateStoreProviders;
import dev.eddy.spi.ColumnFamily;
import dev.eddy.spi.StateStore;
import dev.eddy.spi.StateStoreContext;
import dev.eddy.spi.StateStoreProvider;
import dev.eddy.spi.StateTable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.infra.Blackhole;

/**
 * One batch of the W1 counter against a state store backend, through the SPI as the engine
 * drives it: open the next version, prefetch the batch's keys, get and put every key, commit.
 * Every batch touches the same {@code keys} keys, so each key's count must equal the number of
 * batches committed before; a wrong count read back throws. Time is per batch.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class StateStoreBench {
  /** The backend's short name, as in {@code eddy.sql.streaming.stateStore.providerClass}. */
  @Param({"memory", "rocksdb"})
  public String backend;

  /** Distinct keys per batch. */
  @Param({"10000"})
  public int keys;

  private final ColumnFamily<String, Clicks> cf =
      new ColumnFamily<>("counts", Encoders.STRING(), Encoders.record(Clicks.class));
  private Path storeDir;
  private StateStoreProvider provider;
  private List<String> keyList;
  private long version;

  /** Opens the backend on an empty temporary directory. */
  @Setup(Level.Trial)
  public void open() throws IOException {
    storeDir = Files.createTempDirectory("eddy-bench-state-");
    provider = StateStoreProviders.create(backend, "bench");
    provider.init(new StateStoreContext(storeDir, "bench", 0, 0, List.of(cf), Map.of()));
    keyList = new ArrayList<>(keys);
    for (int i = 0; i < keys; i++) {
      keyList.add("user-" + i);
    }
    version = 0;
  }

  /** Lets the backend snapshot and drop old versions, as its maintenance thread would. */
  @TearDown(Level.Iteration)
  public void maintain() {
    provider.doMaintenance();
  }

  /** Closes the backend and deletes its files. */
  @TearDown(Level.Trial)
  public void close() throws IOException {
    provider.close();
    try (Stream<Path> files = Files.walk(storeDir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  /** Reads, bumps and writes every key's count, then commits the next version. */
  @Benchmark
  public void batch(Blackhole bh) {
    StateStore store = provider.getStore(version);
    StateTable<String, Clicks> table = store.table(cf);
    table.prefetch(keyList);
    int expected = (int) version;
    for (String key : keyList) {
      Clicks old = table.get(key);
      int count = old == null ? 0 : old.count();
      if (count != expected) {
        throw new IllegalStateException(
            backend + ": key " + key + " at version " + version + " read " + old + ", expected count " + expected);
      }
      table.put(key, new Clicks(count + 1));
      bh.consume(old);
    }
    version = store.commit();
  }
}
