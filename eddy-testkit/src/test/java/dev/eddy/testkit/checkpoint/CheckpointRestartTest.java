package dev.eddy.testkit.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.eddy.AnalysisException;
import dev.eddy.Dataset;
import dev.eddy.Encoders;
import dev.eddy.streaming.GroupState;
import dev.eddy.streaming.GroupStateTimeout;
import dev.eddy.streaming.OutputMode;
import dev.eddy.testkit.Batch;
import dev.eddy.testkit.StreamDriver;
import dev.eddy.testkit.conformance.Event;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Restart from a checkpoint (SEMANTICS C1, C2, C4): state, batch ids and watermarks resume. */
class CheckpointRestartTest {
  @TempDir Path dir;

  record Count(String key, long count) {}

  record CountV1(long count) {}

  static Dataset<Count> countPerKey(Dataset<Event> in) {
    return in.groupByKey(Event::key, Encoders.STRING())
        .mapGroupsWithState(
            (String key, Iterator<Event> rows, GroupState<Long> state) -> {
              long n = state.getOption().orElse(0L);
              while (rows.hasNext()) {
                rows.next();
                n++;
              }
              state.update(n);
              return new Count(key, n);
            },
            Encoders.LONG(), Encoders.bean(Count.class));
  }

  private StreamDriver<Event, Count> driver(Path checkpoint) {
    return StreamDriver.of(Encoders.bean(Event.class), CheckpointRestartTest::countPerKey)
        .outputMode("update")
        .checkpoint(checkpoint);
  }

  private static List<String> entries(Path logDir) throws Exception {
    try (Stream<Path> files = Files.list(logDir)) {
      return files.map(p -> p.getFileName().toString()).filter(n -> n.matches("\\d+")).sorted().toList();
    }
  }

  @Test
  void offsetAndCommitLogsKeepOnlyTheRetainedBatchesAcrossRestarts() throws Exception {
    try (StreamDriver<Event, Count> d = driver(dir).config("eddy.sql.streaming.minBatchesToRetain", 3).start()) {
      for (int i = 0; i < 8; i++) {
        d.addData(new Event("a", i, 1)).processAllAvailable();
      }
      // the last batch and the 3 before it (a restart reads the last committed batch's offsets)
      assertThat(entries(dir.resolve("offsets"))).containsExactly("4", "5", "6", "7");
      assertThat(entries(dir.resolve("commits"))).containsExactly("4", "5", "6", "7");
      d.restart();
      for (int i = 8; i < 11; i++) {
        d.addData(new Event("a", i, 1)).processAllAvailable();
      }
      assertThat(entries(dir.resolve("offsets"))).containsExactly("10", "7", "8", "9");
      assertThat(entries(dir.resolve("commits"))).containsExactly("10", "7", "8", "9");
    }
  }

  @Test
  void c2_restartResumesStateAndBatchIds() throws Exception {
    try (StreamDriver<Event, Count> d = driver(dir).start()) {
      d.addData(new Event("a", 1, 1), new Event("b", 1, 1)).processAllAvailable();
      d.addData(new Event("a", 2, 1)).processAllAvailable();
      d.restart();
      d.addData(new Event("a", 3, 1), new Event("c", 3, 1)).processAllAvailable();
      assertThat(d.lastBatch().batchId()).isEqualTo(2);
      d.assertLastBatch(new Count("a", 3), new Count("c", 1));
    }
    assertThat(dir.resolve("offsets/2")).exists();
    assertThat(dir.resolve("commits/2")).exists();
    assertThat(dir.resolve("state/0/_metadata")).exists();
  }

  @Test
  void c2_uncommittedBatchIsReexecutedWithLoggedOffsets() throws Exception {
    try (StreamDriver<Event, Count> d = driver(dir).start()) {
      d.addData(new Event("a", 1, 1)).processAllAvailable();
      d.addData(new Event("a", 2, 1)).processAllAvailable();
      d.stop();
      // as if the process died after state commit and sink, before commits/1 was written
      Files.delete(dir.resolve("commits/1"));
      d.addData(new Event("a", 3, 1)); // arrives while the query is down: not part of batch 1
      d.start().processAllAvailable();
      List<Batch<Count>> batches = d.batches();
      assertThat(batches).extracting(Batch::batchId).containsExactly(0L, 1L, 2L);
      d.assertLastBatch(new Count("a", 3));
    }
  }

  @Test
  void c4_partitionCountMayChangeBetweenRuns() throws Exception {
    Path cp = dir.resolve("cp");
    try (StreamDriver<Event, Count> d = driver(cp).config("eddy.sql.shuffle.partitions", 2).start()) {
      for (int i = 0; i < 20; i++) {
        d.addData(new Event("k" + i, 1, 1));
      }
      d.processAllAvailable();
    }
    try (StreamDriver<Event, Count> d = driver(cp).config("eddy.sql.shuffle.partitions", 5)) {
      for (int i = 0; i < 20; i++) {
        d.addData(new Event("k" + i, 1, 1)); // the first run's offsets again: nothing new
      }
      d.start().processAllAvailable();
      assertThat(d.batches()).isEmpty();
      d.addData(new Event("k3", 2, 1), new Event("k17", 2, 1)).processAllAvailable();
      d.assertLastBatch(new Count("k3", 2), new Count("k17", 2));
      assertThat(d.query().lastProgress().stateOperators()[0].numRowsTotal()).isEqualTo(20);
      assertThat(d.query().lastProgress().stateOperators()[0].numShufflePartitions()).isEqualTo(5);
    }
    try (Stream<Path> parts = Files.list(cp.resolve("state/0"))) {
      assertThat(parts.filter(Files::isDirectory).count()).isEqualTo(5);
    }
  }

  @Test
  void secondQueryOnACheckpointInUseFailsFast() {
    try (StreamDriver<Event, Count> d = driver(dir).start();
        StreamDriver<Event, Count> other = driver(dir)) {
      assertThatThrownBy(other::start)
          .isInstanceOf(AnalysisException.class)
          .hasMessageContaining("in use by another running query")
          .hasMessageContaining(dir.toString());
    }
  }

  @Test
  void changingTheOperatorFailsAtStartNamingWhatChanged() throws Exception {
    try (StreamDriver<Event, Count> d = driver(dir).start()) {
      d.addData(new Event("a", 1, 1)).processAllAvailable();
    }
    StreamDriver<Event, Count> changed = StreamDriver.of(Encoders.bean(Event.class),
            (Dataset<Event> in) -> in.groupByKey(Event::key, Encoders.STRING())
                .flatMapGroupsWithState(
                    (String key, Iterator<Event> rows, GroupState<Long> state) -> List.<Count>of().iterator(),
                    OutputMode.Update(), Encoders.LONG(), Encoders.bean(Count.class), GroupStateTimeout.NoTimeout()))
        .outputMode("update").checkpoint(dir);
    try (changed) {
      assertThatThrownBy(changed::start)
          .isInstanceOf(AnalysisException.class)
          .hasMessageContaining("operator was mapGroupsWithState and is now flatMapGroupsWithState");
    }
  }

  @Test
  void changingTheKeyTypeFailsAtStart() throws Exception {
    try (StreamDriver<Event, Count> d = driver(dir).start()) {
      d.addData(new Event("a", 1, 1)).processAllAvailable();
    }
    StreamDriver<Event, Count> changed = StreamDriver.of(Encoders.bean(Event.class),
            (Dataset<Event> in) -> in.groupByKey(Event::v, Encoders.LONG())
                .mapGroupsWithState(
                    (Long key, Iterator<Event> rows, GroupState<Long> state) -> new Count("x", 0),
                    Encoders.LONG(), Encoders.bean(Count.class)))
        .outputMode("update").checkpoint(dir);
    try (changed) {
      assertThatThrownBy(changed::start)
          .isInstanceOf(AnalysisException.class)
          .hasMessageContaining("keySchema was string and is now long");
    }
  }
}
