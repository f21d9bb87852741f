package dev.eddy.state.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.eddy.Dataset;
import dev.eddy.Encoders;
import dev.eddy.streaming.GroupState;
import dev.eddy.testkit.StreamDriver;
import dev.eddy.testkit.conformance.Event;
import java.nio.file.Path;
import java.util.Iterator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The backend is recorded in the checkpoint; restarting with the other backend (or another
 * number of partitions) migrates the committed state into the new layout (SEMANTICS C4).
 */
class BackendSwitchTest {
  @TempDir Path dir;

  record Count(String key, long count) {}

  static Dataset<Count> counts(Dataset<Event> in) {
    return in.groupByKey(Event::key, Encoders.STRING())
        .mapGroupsWithState(
            (String key, Iterator<Event> rows, GroupState<Long> state) -> {
              long n = state.getOption().orElse(0L);
              for (; rows.hasNext(); rows.next()) {
                n++;
              }
              state.update(n);
              return new Count(key, n);
            },
            Encoders.LONG(), Encoders.bean(Count.class));
  }

  private StreamDriver<Event, Count> run(String backend, int partitions) {
    return StreamDriver.of(Encoders.bean(Event.class), BackendSwitchTest::counts)
        .outputMode("update")
        .config("eddy.sql.streaming.stateStore.providerClass", backend)
        .config("eddy.sql.shuffle.partitions", partitions)
        .checkpoint(dir);
  }

  private static void addFirstRun(StreamDriver<Event, Count> d) {
    for (int i = 0; i < 30; i++) {
      d.addData(new Event("k" + (i % 10), i, 1));
    }
  }

  @Test
  void memoryToRocksDbToMemoryKeepsTheState() throws Exception {
    try (StreamDriver<Event, Count> d = run("memory", 2)) {
      addFirstRun(d);
      d.start().processAllAvailable();
    }
    try (StreamDriver<Event, Count> d = run("rocksdb", 3)) {
      addFirstRun(d);
      d.start().processAllAvailable();
      d.addData(new Event("k1", 100, 1), new Event("k2", 100, 1)).processAllAvailable();
      d.assertLastBatch(new Count("k1", 4), new Count("k2", 4));
      assertThat(d.query().lastProgress().stateOperators()[0].numRowsTotal()).isEqualTo(10);
    }
    try (StreamDriver<Event, Count> d = run("memory", 1)) {
      addFirstRun(d);
      d.addData(new Event("k1", 100, 1), new Event("k2", 100, 1));
      d.start().processAllAvailable();
      d.addData(new Event("k1", 200, 1)).processAllAvailable();
      d.assertLastBatch(new Count("k1", 5));
      assertThat(d.query().lastProgress().stateOperators()[0].numRowsTotal()).isEqualTo(10);
    }
  }
}
