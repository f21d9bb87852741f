package dev.eddy.testkit.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.eddy.AnalysisException;
import dev.eddy.Dataset;
import dev.eddy.Encoders;
import dev.eddy.internal.checkpoint.CheckpointIO;
import dev.eddy.streaming.GroupState;
import dev.eddy.streaming.StreamingQueryException;
import dev.eddy.testkit.StreamDriver;
import dev.eddy.testkit.conformance.Event;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Corrupted, torn and unwritable checkpoint files (SEMANTICS C3): detected and reported naming the
 * file, never loaded as valid state; and state schema evolution across restarts.
 */
class DurabilityTest {
  @TempDir Path dir;

  record Count(String key, long count) {}

  record TallyV1(long count) {}

  record TallyV2(long count, String note) {}

  record TallyBad(String count) {}

  private StreamDriver<Event, CheckpointRestartTest.Count> driver() {
    return StreamDriver.of(Encoders.bean(Event.class), CheckpointRestartTest::countPerKey)
        .outputMode("update")
        .config("eddy.sql.shuffle.partitions", 1)
        .checkpoint(dir);
  }

  private static void flipByte(Path file, int fromEnd) throws IOException {
    byte[] b = Files.readAllBytes(file);
    b[b.length - fromEnd] ^= 0x5A;
    Files.write(file, b);
  }

  @Test
  void bitFlippedDeltaIsReportedNamingTheFile() throws Exception {
    try (StreamDriver<Event, CheckpointRestartTest.Count> d = driver().start()) {
      d.addData(new Event("a", 1, 1), new Event("b", 1, 1), new Event("c", 1, 1)).processAllAvailable();
      d.addData(new Event("a", 2, 1)).processAllAvailable(); // 1 change of 3 entries: a delta
      d.addData(new Event("a", 3, 1)).processAllAvailable();
      d.stop();
      Files.delete(dir.resolve("commits/2")); // batch 2 re-runs after the restart: it loads version 2
      assertThat(dir.resolve("state/0/0/1.snapshot")).exists();
      flipByte(dir.resolve("state/0/0/2.delta"), 20);
      d.start();
      assertThatThrownBy(d::processAllAvailable)
          .isInstanceOf(StreamingQueryException.class)
          .hasMessageContaining(dir.resolve("state/0/0/2.delta").toString())
          .hasMessageContaining("checksum mismatch");
    }
  }

  @Test
  void bitFlippedSnapshotIsReportedNamingTheFile() throws Exception {
    try (StreamDriver<Event, CheckpointRestartTest.Count> d = driver().start()) {
      d.addData(new Event("a", 1, 1)).processAllAvailable();
      d.addData(new Event("a", 2, 1)).processAllAvailable(); // every entry changed: a snapshot
      d.stop();
      Files.delete(dir.resolve("commits/1"));
      flipByte(dir.resolve("state/0/0/1.snapshot"), 20);
      d.start();
      assertThatThrownBy(d::processAllAvailable)
          .isInstanceOf(StreamingQueryException.class)
          .hasMessageContaining(dir.resolve("state/0/0/1.snapshot").toString())
          .hasMessageContaining("checksum mismatch");
    }
  }

  @Test
  void batchThatChangesMostEntriesCommitsASnapshotAndOneThatChangesFewADelta() throws Exception {
    try (StreamDriver<Event, CheckpointRestartTest.Count> d = driver().start()) {
      d.addData(new Event("a", 1, 1), new Event("b", 1, 1), new Event("c", 1, 1), new Event("d", 1, 1))
          .processAllAvailable();
      d.addData(new Event("a", 2, 1), new Event("b", 2, 1)).processAllAvailable(); // 2 of 4: half
      d.addData(new Event("c", 3, 1)).processAllAvailable(); // 1 of 4
      Path part = dir.resolve("state/0/0");
      assertThat(part.resolve("1.snapshot")).exists();
      assertThat(part.resolve("2.snapshot")).exists();
      assertThat(part.resolve("2.delta")).doesNotExist();
      assertThat(part.resolve("3.delta")).exists();
      assertThat(part.resolve("3.snapshot")).doesNotExist();
      d.restart();
      d.addData(new Event("a", 4, 1), new Event("c", 4, 1), new Event("d", 4, 1)).processAllAvailable();
      d.assertLastBatch(new CheckpointRestartTest.Count("a", 3), new CheckpointRestartTest.Count("c", 3),
          new CheckpointRestartTest.Count("d", 2));
    }
  }

  @Test
  void truncatedOffsetFileIsReportedAtStart() throws Exception {
    try (StreamDriver<Event, CheckpointRestartTest.Count> d = driver().start()) {
      d.addData(new Event("a", 1, 1)).processAllAvailable();
      d.stop();
      Path offsets = dir.resolve("offsets/0");
      byte[] b = Files.readAllBytes(offsets);
      Files.write(offsets, java.util.Arrays.copyOf(b, b.length / 2));
      assertThatThrownBy(d::start).hasMessageContaining(offsets.toString()).hasMessageContaining("Corrupt");
    }
  }

  @Test
  void bitFlippedCommitFileIsReportedAtStart() throws Exception {
    try (StreamDriver<Event, CheckpointRestartTest.Count> d = driver().start()) {
      d.addData(new Event("a", 1, 1)).processAllAvailable();
      d.stop();
      Path commit = dir.resolve("commits/0");
      flipByte(commit, 22);
      assertThatThrownBy(d::start).hasMessageContaining(commit.toString()).hasMessageContaining("checksum");
    }
  }

  @Test
  void snapshotsAreWrittenInTheBackgroundAndOldFilesDeleted() throws Exception {
    try (StreamDriver<Event, CheckpointRestartTest.Count> d = driver()
        .config("eddy.sql.streaming.stateStore.minDeltasForSnapshot", 2)
        .config("eddy.sql.streaming.minBatchesToRetain", 3)
        .config("eddy.sql.streaming.stateStore.maintenanceInterval", 20)
        .start()) {
      for (int i = 0; i < 12; i++) {
        d.addData(new Event("k" + (i % 4), i, 1)).processAllAvailable();
        Thread.sleep(30); // lets the maintenance thread run between batches
      }
      Path part = dir.resolve("state/0/0");
      try (Stream<Path> files = Files.list(part)) {
        assertThat(files.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(".snapshot"))).isNotEmpty();
      }
      assertThat(part.resolve("1.delta")).doesNotExist();
      assertThat(d.query().lastProgress().stateOperators()[0].customMetrics()).containsKey("snapshotBytes");
      d.restart();
      d.addData(new Event("k0", 99, 1)).processAllAvailable();
      d.assertLastBatch(new CheckpointRestartTest.Count("k0", 4));
    }
  }

  /** Fails every write after it is armed, as a full disk would. */
  static final class FullDisk extends CheckpointIO {
    volatile boolean full;

    @Override
    protected void write(FileChannel channel, ByteBuffer buf) throws IOException {
      if (full) {
        throw new IOException("No space left on device");
      }
      super.write(channel, buf);
    }
  }

  @Test
  void diskFullWhileCommittingFailsTheBatchCleanlyAndTheQueryRecovers() throws Exception {
    FullDisk disk = new FullDisk();
    CheckpointIO previous = CheckpointIO.install(disk);
    try (StreamDriver<Event, CheckpointRestartTest.Count> d = driver().start()) {
      d.addData(new Event("a", 1, 1)).processAllAvailable();
      disk.full = true;
      d.addData(new Event("a", 2, 1), new Event("b", 2, 1));
      assertThatThrownBy(d::processAllAvailable)
          .isInstanceOf(StreamingQueryException.class)
          .hasMessageContaining("No space left on device");
      try (Stream<Path> files = Files.walk(dir)) {
        assertThat(files.map(p -> p.getFileName().toString()).filter(n -> n.startsWith(CheckpointIO.TEMP_PREFIX)))
            .isEmpty();
      }
      disk.full = false;
      d.start().processAllAvailable();
      d.assertLastBatch(new CheckpointRestartTest.Count("a", 2), new CheckpointRestartTest.Count("b", 1));
      d.addData(new Event("a", 3, 1)).processAllAvailable();
      d.assertLastBatch(new CheckpointRestartTest.Count("a", 3));
    } finally {
      CheckpointIO.install(previous);
    }
  }

  private static <S> StreamDriver<Event, Count> tally(Path cp, Class<S> stateClass,
      java.util.function.BiFunction<Optional<S>, Long, S> next, java.util.function.Function<S, Long> count) {
    return StreamDriver.of(Encoders.bean(Event.class),
            (Dataset<Event> in) -> in.groupByKey(Event::key, Encoders.STRING())
                .mapGroupsWithState(
                    (String key, Iterator<Event> rows, GroupState<S> state) -> {
                      long n = 0;
                      for (; rows.hasNext(); rows.next()) {
                        n++;
                      }
                      S updated = next.apply(state.getOption(), n);
                      state.update(updated);
                      return new Count(key, count.apply(updated));
                    },
                    Encoders.bean(stateClass), Encoders.bean(Count.class)))
        .outputMode("update")
        .checkpoint(cp);
  }

  @Test
  void stateTypeMayGainAFieldAcrossARestart() throws Exception {
    try (StreamDriver<Event, Count> v1 = tally(dir, TallyV1.class,
        (s, n) -> new TallyV1(s.map(TallyV1::count).orElse(0L) + n), TallyV1::count)) {
      v1.addData(new Event("a", 1, 1)).start().processAllAvailable();
    }
    try (StreamDriver<Event, Count> v2 = tally(dir, TallyV2.class,
        (s, n) -> {
          assertThat(s).isPresent();
          assertThat(s.get().note()).isNull(); // the missing field takes its default
          return new TallyV2(s.get().count() + n, "seen");
        }, TallyV2::count)) {
      v2.addData(new Event("a", 1, 1)).start().processAllAvailable();
      v2.addData(new Event("a", 2, 1)).processAllAvailable();
      v2.assertLastBatch(new Count("a", 2));
    }
    try (StreamDriver<Event, Count> back = tally(dir, TallyV1.class,
        (s, n) -> new TallyV1(s.map(TallyV1::count).orElse(0L) + n), TallyV1::count)) {
      back.addData(new Event("a", 1, 1)).addData(new Event("a", 2, 1)).start(); // losing the field is fine too
      back.addData(new Event("a", 3, 1)).processAllAvailable();
      back.assertLastBatch(new Count("a", 3));
    }
  }

  @Test
  void incompatibleStateTypeChangeFailsAtStartNamingTheField() throws Exception {
    try (StreamDriver<Event, Count> v1 = tally(dir, TallyV1.class,
        (s, n) -> new TallyV1(s.map(TallyV1::count).orElse(0L) + n), TallyV1::count)) {
      v1.addData(new Event("a", 1, 1)).start().processAllAvailable();
    }
    try (StreamDriver<Event, Count> bad = tally(dir, TallyBad.class,
        (s, n) -> new TallyBad("x"), t -> 0L)) {
      assertThatThrownBy(bad::start)
          .isInstanceOf(AnalysisException.class)
          .hasMessageContaining("field 'count'");
    }
  }
}
