package dev.eddy.testkit.semantics;

import static dev.eddy.testkit.semantics.Probes.EVENTS;
import static dev.eddy.testkit.semantics.Probes.count;
import static dev.eddy.testkit.semantics.Probes.ev;
import static dev.eddy.testkit.semantics.Probes.lastOperator;
import static dev.eddy.testkit.semantics.Probes.probe;
import static dev.eddy.testkit.semantics.Probes.rowsOf;
import static dev.eddy.testkit.semantics.Probes.run;
import static org.assertj.core.api.Assertions.assertThat;

import dev.eddy.Dataset;
import dev.eddy.Encoders;
import dev.eddy.function.FlatMapGroupsWithStateFunction;
import dev.eddy.spi.ManualClock;
import dev.eddy.streaming.GroupState;
import dev.eddy.streaming.GroupStateTimeout;
import dev.eddy.streaming.OutputMode;
import dev.eddy.streaming.Trigger;
import dev.eddy.testkit.StreamDriver;
import dev.eddy.testkit.conformance.Event;
import dev.eddy.testkit.semantics.Probes.Out;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Date;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** SEMANTICS G1–G8: the {@code GroupState} handle, probed from inside real queries. */
class GroupStateRulesTest {
  private static final String NO_DATA_BATCHES = "eddy.sql.streaming.noDataMicroBatches.enabled";

  /** A query whose state function emits probes; NoTimeout and ProcessingTimeTimeout need no watermark. */
  private static StreamDriver<Event, Out> probing(
      GroupStateTimeout timeout, boolean watermark, FlatMapGroupsWithStateFunction<String, Event, Long, Out> fn) {
    return StreamDriver.of(EVENTS, (Dataset<Event> events) -> {
      Dataset<Event> in = watermark ? events.withWatermark("ts", "0 seconds") : events;
      return in.groupByKey(Event::key, Encoders.STRING())
          .flatMapGroupsWithState(fn, OutputMode.Append(), Encoders.LONG(), Encoders.bean(Out.class), timeout);
    }).config(NO_DATA_BATCHES, false);
  }

  @Test
  void g1_everyMethodOfTheHandleHasSparksSignature() throws Exception {
    // SEMANTICS G1
    Class<GroupState> c = GroupState.class;
    assertThat(c.getMethod("exists").getReturnType()).isEqualTo(boolean.class);
    assertThat(c.getMethod("get").getReturnType()).isEqualTo(Object.class);
    assertThat(c.getMethod("getOption").getReturnType()).isEqualTo(Optional.class);
    assertThat(c.getMethod("update", Object.class).getReturnType()).isEqualTo(void.class);
    assertThat(c.getMethod("remove").getReturnType()).isEqualTo(void.class);
    assertThat(c.getMethod("hasTimedOut").getReturnType()).isEqualTo(boolean.class);
    assertThat(c.getMethod("setTimeoutDuration", long.class)).isNotNull();
    assertThat(c.getMethod("setTimeoutDuration", String.class)).isNotNull();
    assertThat(c.getMethod("setTimeoutTimestamp", long.class)).isNotNull();
    assertThat(c.getMethod("setTimeoutTimestamp", long.class, String.class)).isNotNull();
    assertThat(c.getMethod("setTimeoutTimestamp", Date.class)).isNotNull();
    assertThat(c.getMethod("setTimeoutTimestamp", Date.class, String.class)).isNotNull();
    assertThat(c.getMethod("getCurrentWatermarkMs").getReturnType()).isEqualTo(long.class);
    assertThat(c.getMethod("getCurrentProcessingTimeMs").getReturnType()).isEqualTo(long.class);
  }

  @Test
  void g1_everyMethodWorksInsideAQueryAndTheLastTimeoutSetWins() throws Exception {
    // SEMANTICS G1
    try (StreamDriver<Event, Out> d = probing(GroupStateTimeout.EventTimeTimeout(), true,
        (String key, java.util.Iterator<Event> rows, GroupState<Long> s) -> {
          List<Out> out = new ArrayList<>();
          if (s.hasTimedOut()) {
            out.add(probe(key, "timedOut.get()", s::get));
            return out.iterator();
          }
          if (!key.equals("a")) {
            return out.iterator();
          }
          out.add(probe(key, "update(7)", run(() -> s.update(7L))));
          out.add(probe(key, "exists()", s::exists));
          out.add(probe(key, "get()", s::get));
          out.add(probe(key, "getOption()", s::getOption));
          out.add(probe(key, "hasTimedOut()", s::hasTimedOut));
          out.add(probe(key, "setTimeoutTimestamp(10000)", run(() -> s.setTimeoutTimestamp(10_000))));
          out.add(probe(key, "setTimeoutTimestamp(10000, 1 second)", run(() -> s.setTimeoutTimestamp(10_000, "1 second"))));
          out.add(probe(key, "setTimeoutTimestamp(Date)", run(() -> s.setTimeoutTimestamp(new Date(20_000)))));
          out.add(probe(key, "setTimeoutTimestamp(Date, 1 second)", run(() -> s.setTimeoutTimestamp(new Date(20_000), "1 second"))));
          out.add(probe(key, "getCurrentWatermarkMs()", s::getCurrentWatermarkMs));
          out.add(probe(key, "getCurrentProcessingTimeMs()", s::getCurrentProcessingTimeMs));
          return out.iterator();
        }).start()) {
      d.advanceClock(5_000);
      d.addData(ev("a", 1_000)).processAllAvailable();
      assertThat(rowsOf(d, 0)).containsExactly(
          new Out("a", "update(7)", "ok"),
          new Out("a", "exists()", "true"),
          new Out("a", "get()", "7"),
          new Out("a", "getOption()", "Optional[7]"),
          new Out("a", "hasTimedOut()", "false"),
          new Out("a", "setTimeoutTimestamp(10000)", "ok"),
          new Out("a", "setTimeoutTimestamp(10000, 1 second)", "ok"),
          new Out("a", "setTimeoutTimestamp(Date)", "ok"),
          new Out("a", "setTimeoutTimestamp(Date, 1 second)", "ok"),
          new Out("a", "getCurrentWatermarkMs()", "0"),
          new Out("a", "getCurrentProcessingTimeMs()", "5000"));

      // The last set (21,000) holds: a watermark of 21,000 does not fire it, 21,001 does.
      d.addData(ev("z", 21_000)).processAllAvailable();
      d.addData(ev("z", 21_001)).processAllAvailable();
      assertThat(rowsOf(d, 2)).isEmpty();
      d.addData(ev("z", 21_002)).processAllAvailable();
      d.assertLastBatch(new Out("a", "timedOut.get()", "7"));
    }
  }

  @Test
  void g2_absentRemovedAndRecreatedState() throws Exception {
    // SEMANTICS G2
    try (StreamDriver<Event, Out> d = probing(GroupStateTimeout.NoTimeout(), false,
        (String key, java.util.Iterator<Event> rows, GroupState<Long> s) -> {
          List<Out> out = new ArrayList<>();
          if (s.exists()) {
            out.add(probe(key, "next batch get()", s::get));
            return out.iterator();
          }
          out.add(probe(key, "get() on absent", s::get));
          out.add(probe(key, "getOption() on absent", s::getOption));
          out.add(probe(key, "update(null)", run(() -> s.update(null))));
          out.add(probe(key, "exists() after update(null)", s::exists));
          out.add(probe(key, "update(1)", run(() -> s.update(1L))));
          out.add(probe(key, "remove()", run(s::remove)));
          out.add(probe(key, "exists() after remove", s::exists));
          out.add(probe(key, "getOption() after remove", s::getOption));
          out.add(probe(key, "get() after remove", s::get));
          out.add(probe(key, "remove() again", run(s::remove)));
          out.add(probe(key, "update(2)", run(() -> s.update(2L))));
          out.add(probe(key, "exists() after update", s::exists));
          return out.iterator();
        }).start()) {
      d.addData(ev("a", 1)).processAllAvailable();
      d.assertLastBatch(
          new Out("a", "get() on absent", "NoSuchElementException"),
          new Out("a", "getOption() on absent", "Optional.empty"),
          new Out("a", "update(null)", "IllegalArgumentException"),
          new Out("a", "exists() after update(null)", "false"),
          new Out("a", "update(1)", "ok"),
          new Out("a", "remove()", "ok"),
          new Out("a", "exists() after remove", "false"),
          new Out("a", "getOption() after remove", "Optional.empty"),
          new Out("a", "get() after remove", "NoSuchElementException"),
          new Out("a", "remove() again", "ok"),
          new Out("a", "update(2)", "ok"),
          new Out("a", "exists() after update", "true"));
      d.addData(ev("a", 2)).processAllAvailable();
      d.assertLastBatch(new Out("a", "next batch get()", "2"));
    }
  }

  private static FlatMapGroupsWithStateFunction<String, Event, Long, Out> durationProbes() {
    return (String key, java.util.Iterator<Event> rows, GroupState<Long> s) -> List.of(
        probe(key, "setTimeoutDuration(1000)", run(() -> s.setTimeoutDuration(1000))),
        probe(key, "setTimeoutDuration(10 seconds)", run(() -> s.setTimeoutDuration("10 seconds"))),
        probe(key, "setTimeoutDuration(0)", run(() -> s.setTimeoutDuration(0))),
        probe(key, "setTimeoutDuration(-1)", run(() -> s.setTimeoutDuration(-1))),
        probe(key, "setTimeoutDuration(-5 seconds)", run(() -> s.setTimeoutDuration("-5 seconds"))),
        probe(key, "setTimeoutDuration(abc)", run(() -> s.setTimeoutDuration("abc")))).iterator();
  }

  @Test
  void g3_setTimeoutDurationOutsideProcessingTimeThrows() throws Exception {
    // SEMANTICS G3: the mode is checked after the String is parsed, so bad strings are IAE in every mode.
    for (GroupStateTimeout t : List.of(GroupStateTimeout.NoTimeout(), GroupStateTimeout.EventTimeTimeout())) {
      try (StreamDriver<Event, Out> d = probing(t, true, durationProbes()).start()) {
        d.addData(ev("a", 1)).processAllAvailable();
        d.assertLastBatch(
            new Out("a", "setTimeoutDuration(1000)", "UnsupportedOperationException"),
            new Out("a", "setTimeoutDuration(10 seconds)", "UnsupportedOperationException"),
            new Out("a", "setTimeoutDuration(0)", "UnsupportedOperationException"),
            new Out("a", "setTimeoutDuration(-1)", "UnsupportedOperationException"),
            new Out("a", "setTimeoutDuration(-5 seconds)", "IllegalArgumentException"),
            new Out("a", "setTimeoutDuration(abc)", "IllegalArgumentException"));
      }
    }
  }

  @Test
  void g3_nonPositiveDurationThrowsUnderProcessingTimeTimeout() throws Exception {
    // SEMANTICS G3
    try (StreamDriver<Event, Out> d = probing(GroupStateTimeout.ProcessingTimeTimeout(), false, durationProbes()).start()) {
      d.addData(ev("a", 1)).processAllAvailable();
      d.assertLastBatch(
          new Out("a", "setTimeoutDuration(1000)", "ok"),
          new Out("a", "setTimeoutDuration(10 seconds)", "ok"),
          new Out("a", "setTimeoutDuration(0)", "IllegalArgumentException"),
          new Out("a", "setTimeoutDuration(-1)", "IllegalArgumentException"),
          new Out("a", "setTimeoutDuration(-5 seconds)", "IllegalArgumentException"),
          new Out("a", "setTimeoutDuration(abc)", "IllegalArgumentException"));
    }
  }

  public record Fired(String key, long atMs) {}

  @Test
  void g3_timeoutIsBatchTimePlusParsedDuration() throws Exception {
    // SEMANTICS G3: "1 minute 30 seconds", "1 hour" and "1 month" (31 days) after the batch at 1,000 ms.
    try (StreamDriver<Event, Fired> d = StreamDriver.of(EVENTS, (Dataset<Event> events) ->
            events.groupByKey(Event::key, Encoders.STRING()).flatMapGroupsWithState(
                (String key, java.util.Iterator<Event> rows, GroupState<Long> s) -> {
                  if (s.hasTimedOut()) {
                    s.remove();
                    return List.of(new Fired(key, s.getCurrentProcessingTimeMs())).iterator();
                  }
                  s.update(1L);
                  s.setTimeoutDuration(key);
                  return List.<Fired>of().iterator();
                },
                OutputMode.Append(), Encoders.LONG(), Encoders.bean(Fired.class), GroupStateTimeout.ProcessingTimeTimeout()))
        .trigger(Trigger.ProcessingTime(1000)).start()) {
      long month = 31L * 86_400_000;
      d.addData(ev("1 minute 30 seconds", 1), ev("1 hour", 1), ev("1 month", 1));
      d.advanceClock(1_000);
      d.advanceClock(90_000); // batch at 91,000: not yet (strictly below)
      assertThat(d.lastBatch().rows()).isEmpty();
      d.advanceClock(1_000);
      d.assertLastBatch(new Fired("1 minute 30 seconds", 92_000));
      d.advanceClock(3_601_000 - 92_000);
      assertThat(d.lastBatch().rows()).isEmpty();
      d.advanceClock(1_000);
      d.assertLastBatch(new Fired("1 hour", 3_602_000));
      d.advanceClock(1_000 + month - 3_602_000);
      assertThat(d.lastBatch().rows()).isEmpty();
      d.advanceClock(1_000);
      d.assertLastBatch(new Fired("1 month", 2_000 + month));
    }
  }

  private static FlatMapGroupsWithStateFunction<String, Event, Long, Out> timestampProbes() {
    return (String key, java.util.Iterator<Event> rows, GroupState<Long> s) -> List.of(
        probe(key, "setTimeoutTimestamp(20000)", run(() -> s.setTimeoutTimestamp(20_000))),
        probe(key, "setTimeoutTimestamp(20000, 1 second)", run(() -> s.setTimeoutTimestamp(20_000, "1 second"))),
        probe(key, "setTimeoutTimestamp(Date)", run(() -> s.setTimeoutTimestamp(new Date(20_000)))),
        probe(key, "setTimeoutTimestamp(Date, 1 second)", run(() -> s.setTimeoutTimestamp(new Date(20_000), "1 second"))))
        .iterator();
  }

  @Test
  void g4_setTimeoutTimestampOutsideEventTimeThrows() throws Exception {
    // SEMANTICS G4
    for (GroupStateTimeout t : List.of(GroupStateTimeout.NoTimeout(), GroupStateTimeout.ProcessingTimeTimeout())) {
      try (StreamDriver<Event, Out> d = probing(t, true, timestampProbes()).start()) {
        d.addData(ev("a", 1)).processAllAvailable();
        d.assertLastBatch(
            new Out("a", "setTimeoutTimestamp(20000)", "UnsupportedOperationException"),
            new Out("a", "setTimeoutTimestamp(20000, 1 second)", "UnsupportedOperationException"),
            new Out("a", "setTimeoutTimestamp(Date)", "UnsupportedOperationException"),
            new Out("a", "setTimeoutTimestamp(Date, 1 second)", "UnsupportedOperationException"));
      }
    }
  }

  @Test
  void g4_timestampMustBePositiveAndNotBelowTheWatermark() throws Exception {
    // SEMANTICS G4: batch 1 runs with watermark 10,000; the extra variants add the duration first.
    try (StreamDriver<Event, Out> d = probing(GroupStateTimeout.EventTimeTimeout(), true,
        (String key, java.util.Iterator<Event> rows, GroupState<Long> s) -> {
          if (!key.equals("p")) {
            return List.<Out>of().iterator();
          }
          return List.of(
              probe(key, "(0)", run(() -> s.setTimeoutTimestamp(0))),
              probe(key, "(-1)", run(() -> s.setTimeoutTimestamp(-1))),
              probe(key, "(9999)", run(() -> s.setTimeoutTimestamp(9_999))),
              probe(key, "(10000)", run(() -> s.setTimeoutTimestamp(10_000))),
              probe(key, "(9000, 1 second)", run(() -> s.setTimeoutTimestamp(9_000, "1 second"))),
              probe(key, "(8000, 1 second)", run(() -> s.setTimeoutTimestamp(8_000, "1 second"))),
              probe(key, "(20000, -1 second)", run(() -> s.setTimeoutTimestamp(20_000, "-1 second"))),
              probe(key, "(Date 9999)", run(() -> s.setTimeoutTimestamp(new Date(9_999)))),
              probe(key, "(Date 10000)", run(() -> s.setTimeoutTimestamp(new Date(10_000)))),
              probe(key, "(Date 9000, 1 second)", run(() -> s.setTimeoutTimestamp(new Date(9_000), "1 second"))),
              probe(key, "(Date 8000, 1 second)", run(() -> s.setTimeoutTimestamp(new Date(8_000), "1 second"))))
              .iterator();
        }).start()) {
      d.addData(ev("w", 10_000)).processAllAvailable();
      d.addData(ev("p", 10_000)).processAllAvailable();
      d.assertLastBatch(
          new Out("p", "(0)", "IllegalArgumentException"),
          new Out("p", "(-1)", "IllegalArgumentException"),
          new Out("p", "(9999)", "IllegalArgumentException"),
          new Out("p", "(10000)", "ok"),
          new Out("p", "(9000, 1 second)", "ok"),
          new Out("p", "(8000, 1 second)", "IllegalArgumentException"),
          new Out("p", "(20000, -1 second)", "IllegalArgumentException"),
          new Out("p", "(Date 9999)", "IllegalArgumentException"),
          new Out("p", "(Date 10000)", "ok"),
          new Out("p", "(Date 9000, 1 second)", "ok"),
          new Out("p", "(Date 8000, 1 second)", "IllegalArgumentException"));
    }
  }

  @Test
  void g4_failedSetLeavesThePreviousTimeout() throws Exception {
    // SEMANTICS G4: "k" sets 30,000 then fails to set 5,000; it fires once the watermark passes 30,000.
    try (StreamDriver<Event, Out> d = probing(GroupStateTimeout.EventTimeTimeout(), true,
        (String key, java.util.Iterator<Event> rows, GroupState<Long> s) -> {
          if (s.hasTimedOut()) {
            return List.of(new Out(key, "timedOut", String.valueOf(s.getCurrentWatermarkMs()))).iterator();
          }
          if (!key.equals("k")) {
            return List.<Out>of().iterator();
          }
          s.update(1L);
          s.setTimeoutTimestamp(30_000);
          return List.of(probe(key, "(5000)", run(() -> s.setTimeoutTimestamp(5_000)))).iterator();
        }).start()) {
      d.addData(ev("w", 10_000)).processAllAvailable();
      d.addData(ev("k", 10_000)).processAllAvailable();
      d.assertLastBatch(new Out("k", "(5000)", "IllegalArgumentException"));
      d.addData(ev("z", 30_000)).processAllAvailable(); // batch 2 evicts at 10,000
      d.addData(ev("z", 30_001)).processAllAvailable(); // batch 3 evicts at 30,000: not below
      assertThat(rowsOf(d, 2)).isEmpty();
      assertThat(rowsOf(d, 3)).isEmpty();
      d.addData(ev("z", 30_002)).processAllAvailable(); // batch 4 evicts at 30,001
      d.assertLastBatch(new Out("k", "timedOut", "30001"));
    }
  }

  private static FlatMapGroupsWithStateFunction<String, Event, Long, Out> watermarkProbe() {
    return (String key, java.util.Iterator<Event> rows, GroupState<Long> s) ->
        List.of(probe(key, "getCurrentWatermarkMs()", s::getCurrentWatermarkMs)).iterator();
  }

  @Test
  void g5_watermarkWithoutWithWatermarkThrowsInEveryMode() throws Exception {
    // SEMANTICS G5 (EventTimeTimeout without a watermark cannot start: Q2)
    for (GroupStateTimeout t : List.of(GroupStateTimeout.NoTimeout(), GroupStateTimeout.ProcessingTimeTimeout())) {
      try (StreamDriver<Event, Out> d = probing(t, false, watermarkProbe()).start()) {
        d.addData(ev("a", 10_000)).processAllAvailable();
        d.assertLastBatch(new Out("a", "getCurrentWatermarkMs()", "UnsupportedOperationException"));
      }
    }
  }

  @Test
  void g5_watermarkIsTheBatchsEvictionWatermarkAndZeroInTheFirstBatch() throws Exception {
    // SEMANTICS G5
    for (GroupStateTimeout t : List.of(
        GroupStateTimeout.NoTimeout(), GroupStateTimeout.ProcessingTimeTimeout(), GroupStateTimeout.EventTimeTimeout())) {
      try (StreamDriver<Event, Out> d = probing(t, true, watermarkProbe()).start()) {
        d.addData(ev("a", 10_000)).processAllAvailable();
        d.assertLastBatch(new Out("a", "getCurrentWatermarkMs()", "0"));
        d.addData(ev("a", 12_000)).processAllAvailable();
        d.assertLastBatch(new Out("a", "getCurrentWatermarkMs()", "10000"));
      }
    }
  }

  @Test
  void g6_processingTimeIsFixedWhenTheBatchIsPlanned() throws Exception {
    // SEMANTICS G6: the first call moves the clock; later calls of the batch still see the planned time.
    AtomicReference<ManualClock> clock = new AtomicReference<>();
    try (StreamDriver<Event, Out> d = probing(GroupStateTimeout.NoTimeout(), false,
        (String key, java.util.Iterator<Event> rows, GroupState<Long> s) -> {
          long seen = s.getCurrentProcessingTimeMs();
          clock.get().advance(1_000);
          return List.of(new Out(key, "getCurrentProcessingTimeMs()", String.valueOf(seen))).iterator();
        })) {
      clock.set(d.clock());
      d.start();
      d.advanceClock(12_345);
      d.addData(ev("a", 1), ev("b", 1), ev("c", 1)).processAllAvailable();
      d.assertLastBatch(
          new Out("a", "getCurrentProcessingTimeMs()", "12345"),
          new Out("b", "getCurrentProcessingTimeMs()", "12345"),
          new Out("c", "getCurrentProcessingTimeMs()", "12345"));
      assertThat(Instant.parse(d.query().lastProgress().timestamp())).isEqualTo(Instant.ofEpochMilli(12_345));
      assertThat(d.clock().getTimeMillis()).isEqualTo(15_345); // each of the three calls moved it
    }
  }

  @Test
  void g6_processingTimeIsTheSameWhenABatchIsReexecutedAfterACrash(@TempDir Path dir) throws Exception {
    // SEMANTICS G6 with C2: batch 1 ran at 3,000; its commit is lost; re-executed at clock 9,000 it still sees 3,000.
    List<Long> seen = Collections.synchronizedList(new ArrayList<>());
    try (StreamDriver<Event, Out> d = probing(GroupStateTimeout.NoTimeout(), false,
        (String key, java.util.Iterator<Event> rows, GroupState<Long> s) -> {
          seen.add(s.getCurrentProcessingTimeMs());
          return List.<Out>of().iterator();
        }).checkpoint(dir).start()) {
      d.advanceClock(1_000);
      d.addData(ev("a", 1)).processAllAvailable();
      d.advanceClock(2_000);
      d.addData(ev("a", 2)).processAllAvailable();
      d.stop();
      Files.delete(dir.resolve("commits/1"));
      d.advanceClock(6_000);
      d.start().processAllAvailable();
      assertThat(seen).containsExactly(1_000L, 3_000L, 3_000L);
      assertThat(d.query().lastProgress().batchId()).isEqualTo(1);
      assertThat(Instant.parse(d.query().lastProgress().timestamp())).isEqualTo(Instant.ofEpochMilli(3_000));
    }
  }

  public record Call(String key, boolean timedOut, long rows) {}

  @Test
  void g7_hasTimedOutOnlyInTheTimeoutCall() throws Exception {
    // SEMANTICS G7
    try (StreamDriver<Event, Call> d = StreamDriver.of(EVENTS, (Dataset<Event> events) ->
            events.groupByKey(Event::key, Encoders.STRING()).flatMapGroupsWithState(
                (String key, java.util.Iterator<Event> rows, GroupState<Long> s) -> {
                  Call c = new Call(key, s.hasTimedOut(), count(rows));
                  s.update(1L);
                  s.setTimeoutDuration(500);
                  return List.of(c).iterator();
                },
                OutputMode.Update(), Encoders.LONG(), Encoders.bean(Call.class), GroupStateTimeout.ProcessingTimeTimeout()))
        .outputMode("update").trigger(Trigger.ProcessingTime(1000)).start()) {
      d.addData(ev("a", 1));
      d.advanceClock(1_000);
      d.assertLastBatch(new Call("a", false, 1));
      d.advanceClock(1_000);
      d.assertLastBatch(new Call("a", true, 0));
      d.addData(ev("a", 2));
      d.advanceClock(1_000); // expired again, but data arrived: one data call
      d.assertLastBatch(new Call("a", false, 1));
    }
  }

  public record Seen(String key, boolean timedOut, boolean exists) {}

  @Test
  void g8_removeKeepsATimeoutSetEarlierAndATimeoutAloneIsAnEntry() throws Exception {
    // SEMANTICS G8: "a" sets a timeout then removes; "b" only sets a timeout.
    try (StreamDriver<Event, Seen> d = StreamDriver.of(EVENTS, (Dataset<Event> events) ->
            events.groupByKey(Event::key, Encoders.STRING()).flatMapGroupsWithState(
                (String key, java.util.Iterator<Event> rows, GroupState<Long> s) -> {
                  if (s.hasTimedOut()) {
                    return List.of(new Seen(key, true, s.exists())).iterator();
                  }
                  if (key.equals("a")) {
                    s.update(1L);
                    s.setTimeoutDuration(500);
                    s.remove();
                  } else {
                    s.setTimeoutDuration(500);
                  }
                  return List.of(new Seen(key, false, s.exists())).iterator();
                },
                OutputMode.Update(), Encoders.LONG(), Encoders.bean(Seen.class), GroupStateTimeout.ProcessingTimeTimeout()))
        .outputMode("update").trigger(Trigger.ProcessingTime(1000)).start()) {
      d.addData(ev("a", 1), ev("b", 1));
      d.advanceClock(1_000);
      d.assertLastBatch(new Seen("a", false, false), new Seen("b", false, false));
      assertThat(lastOperator(d.query()).numRowsTotal()).isEqualTo(2);
      assertThat(lastOperator(d.query()).numRowsRemoved()).isZero();
      d.advanceClock(1_000);
      d.assertLastBatch(new Seen("a", true, false), new Seen("b", true, false));
    }
  }
}
