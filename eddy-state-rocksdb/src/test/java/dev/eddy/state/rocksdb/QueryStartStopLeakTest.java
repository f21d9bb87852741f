package dev.eddy.state.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import dev.eddy.testkit.StreamDriver;
import dev.eddy.testkit.conformance.Event;
import dev.eddy.Encoders;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Stopping a query releases what its RocksDB stores held: 50 start/run/stop cycles of a stateful
 * query on the {@code rocksdb} backend with a checkpoint leave no file descriptors behind, and the
 * state is intact after all of them.
 */
class QueryStartStopLeakTest {
  @TempDir Path dir;

  private static long openFileDescriptors() throws IOException {
    try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
      return fds.count();
    }
  }

  @Test
  void fiftyStartStopCyclesLeakNoFileHandles() throws Exception {
    StreamDriver<Event, BackendSwitchTest.Count> d =
        StreamDriver.of(Encoders.bean(Event.class), BackendSwitchTest::counts)
            .outputMode("update")
            .config("eddy.sql.streaming.stateStore.providerClass", "rocksdb")
            .config("eddy.sql.shuffle.partitions", 2)
            .checkpoint(dir);
    try (d) {
      d.addData(new Event("warm", 0, 1)).start().processAllAvailable();
      d.stop();
      long before = openFileDescriptors();
      for (int cycle = 1; cycle <= 50; cycle++) {
        d.start();
        d.addData(new Event("k", cycle, 1)).processAllAvailable();
        d.stop();
      }
      assertThat(openFileDescriptors()).as("open file descriptors after 50 cycles").isLessThanOrEqualTo(before + 3);
      d.start();
      d.addData(new Event("k", 99, 1)).processAllAvailable();
      d.assertLastBatch(new BackendSwitchTest.Count("k", 51));
    }
  }
}
