package dev.eddy.testkit.semantics;

import static dev.eddy.testkit.semantics.Probes.EVENTS;
import static dev.eddy.testkit.semantics.Probes.count;
import static dev.eddy.testkit.semantics.Probes.ev;
import static dev.eddy.testkit.semantics.Probes.lastOperator;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.eddy.AnalysisException;
import dev.eddy.Dataset;
import dev.eddy.EddySession;
import dev.eddy.Encoders;
import dev.eddy.KeyValueGroupedDataset;
import dev.eddy.streaming.GroupState;
import dev.eddy.streaming.GroupStateTimeout;
import dev.eddy.streaming.MemoryStream;
import dev.eddy.streaming.OutputMode;
import dev.eddy.streaming.StreamingQueryException;
import dev.eddy.streaming.Trigger;
import dev.eddy.testkit.StreamDriver;
import dev.eddy.testkit.conformance.Event;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** SEMANTICS Q1–Q5: what a query may be, and what follows from the rules. */
class QueryRulesTest {

  public record CountOut(String key, long count) {}

  public record Initial(String key, long count) {}

  private static Dataset<CountOut> mapCount(Dataset<Event> events, AtomicInteger calls) {
    return events.groupByKey(Event::key, Encoders.STRING()).mapGroupsWithState(
        (String key, Iterator<Event> rows, GroupState<Long> s) -> {
          calls.incrementAndGet();
          long c = s.getOption().orElse(0L) + count(rows);
          s.update(c);
          return new CountOut(key, c);
        },
        Encoders.LONG(), Encoders.bean(CountOut.class));
  }

  private static Dataset<CountOut> flatCount(Dataset<Event> events, OutputMode operatorMode) {
    return events.groupByKey(Event::key, Encoders.STRING()).flatMapGroupsWithState(
        (String key, Iterator<Event> rows, GroupState<Long> s) -> {
          long c = s.getOption().orElse(0L) + count(rows);
          s.update(c);
          return List.of(new CountOut(key, c)).iterator();
        },
        operatorMode, Encoders.LONG(), Encoders.bean(CountOut.class), GroupStateTimeout.NoTimeout());
  }

  @Test
  void q1_mapGroupsWithStateOnlyInUpdateMode() {
    // SEMANTICS Q1
    AtomicInteger calls = new AtomicInteger();
    try (StreamDriver<Event, CountOut> d = StreamDriver.of(EVENTS, (Dataset<Event> e) -> mapCount(e, calls)).outputMode("append")) {
      assertThatThrownBy(d::start)
          .isInstanceOf(AnalysisException.class)
          .hasMessageContaining("mapGroupsWithState at QueryRulesTest")
          .hasMessageContaining("Update output mode");
    }
    try (StreamDriver<Event, CountOut> d = StreamDriver.of(EVENTS, (Dataset<Event> e) -> mapCount(e, calls)).outputMode("complete")) {
      assertThatThrownBy(d::start)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("Complete")
          .hasMessageContaining("mapGroupsWithState at QueryRulesTest");
    }
    assertThat(calls).hasValue(0);
  }

  @Test
  void q1_flatMapGroupsWithStateModeMustEqualTheQuerysMode() throws Exception {
    // SEMANTICS Q1: Append/Append and Update/Update run; a mismatch is rejected at start.
    for (OutputMode mode : List.of(OutputMode.Append(), OutputMode.Update())) {
      try (StreamDriver<Event, CountOut> d = StreamDriver.of(EVENTS, (Dataset<Event> e) -> flatCount(e, mode))
          .outputMode(mode.toString()).start()) {
        d.addData(ev("a", 1), ev("a", 2)).processAllAvailable();
        d.assertLastBatch(new CountOut("a", 2));
      }
    }
    try (StreamDriver<Event, CountOut> d = StreamDriver.of(EVENTS, (Dataset<Event> e) -> flatCount(e, OutputMode.Append()))
        .outputMode("update")) {
      assertThatThrownBy(d::start)
          .isInstanceOf(AnalysisException.class)
          .hasMessageContaining("flatMapGroupsWithState at QueryRulesTest")
          .hasMessageContaining("Append")
          .hasMessageContaining("Update");
    }
  }

  @Test
  void q1_completeModeIsRejectedWhenFlatMapGroupsWithStateIsCalled() {
    // SEMANTICS Q1, Q4
    try (EddySession eddy = EddySession.builder().getOrCreate()) {
      Dataset<Event> events = MemoryStream.of(eddy, EVENTS).toDS();
      assertThatThrownBy(() -> flatCount(events, OutputMode.Complete()))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("Complete")
          .hasMessageContaining("flatMapGroupsWithState at QueryRulesTest");
    }
  }

  @Test
  void q2_eventTimeTimeoutWithoutWatermarkIsRejectedAtStart() {
    // SEMANTICS Q2
    try (StreamDriver<Event, CountOut> d = StreamDriver.of(EVENTS, (Dataset<Event> e) ->
        e.groupByKey(Event::key, Encoders.STRING()).flatMapGroupsWithState(
            (String key, Iterator<Event> rows, GroupState<Long> s) -> List.<CountOut>of().iterator(),
            OutputMode.Append(), Encoders.LONG(), Encoders.bean(CountOut.class), GroupStateTimeout.EventTimeTimeout()))) {
      assertThatThrownBy(d::start)
          .isInstanceOf(AnalysisException.class)
          .hasMessageContaining("EventTimeTimeout")
          .hasMessageContaining("withWatermark");
      assertThat(d.session().streams().active()).isEmpty();
    }
  }

  /** Counts per key, starting from {@code initial} (the state is an {@link Initial}); emits every call. */
  private static Dataset<CountOut> countFrom(Dataset<Event> events, List<Initial> initial, AtomicInteger calls) {
    KeyValueGroupedDataset<String, Initial> init = EddySession.active()
        .createDataset(initial, Encoders.bean(Initial.class))
        .groupByKey(Initial::key, Encoders.STRING());
    return events.groupByKey(Event::key, Encoders.STRING()).mapGroupsWithState(
        (String key, Iterator<Event> rows, GroupState<Initial> s) -> {
          calls.incrementAndGet();
          long c = s.getOption().map(Initial::count).orElse(0L) + count(rows);
          s.update(new Initial(key, c));
          return new CountOut(key, c);
        },
        Encoders.bean(Initial.class), Encoders.bean(CountOut.class), GroupStateTimeout.NoTimeout(), init);
  }

  @Test
  void q3_initialStateIsAppliedInBatchZeroOnlyAndEveryInitialKeyIsCalled() throws Exception {
    // SEMANTICS Q3: "x" and "y" start at 10 and 20; "y" has no data in batch 0 and is still called.
    AtomicInteger calls = new AtomicInteger();
    List<Initial> initial = List.of(new Initial("x", 10), new Initial("y", 20));
    try (StreamDriver<Event, CountOut> d = StreamDriver.of(EVENTS, (Dataset<Event> e) -> countFrom(e, initial, calls))
        .outputMode("update").start()) {
      d.addData(ev("x", 1), ev("z", 1)).processAllAvailable();
      d.assertLastBatch(new CountOut("x", 11), new CountOut("y", 20), new CountOut("z", 1));
      assertThat(calls).hasValue(3);
      d.addData(ev("z", 2)).processAllAvailable();
      d.assertLastBatch(new CountOut("z", 2));
      d.addData(ev("y", 2)).processAllAvailable();
      d.assertLastBatch(new CountOut("y", 21));
      assertThat(calls).hasValue(5);
    }
  }

  @Test
  void q3_duplicateInitialKeyIsRejected() {
    // SEMANTICS Q3
    AtomicInteger calls = new AtomicInteger();
    List<Initial> initial = List.of(new Initial("x", 10), new Initial("x", 11));
    try (StreamDriver<Event, CountOut> d = StreamDriver.of(EVENTS, (Dataset<Event> e) -> countFrom(e, initial, calls))
        .outputMode("update")) {
      assertThatThrownBy(d::start)
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("'x'")
          .hasMessageContaining("mapGroupsWithState at QueryRulesTest");
    }
    assertThat(calls).hasValue(0);
  }

  @Test
  void q4_rejectionHappensAtStartBeforeAnyDataIsRead() {
    // SEMANTICS Q4: data waits in the source, the query is rejected, the function never runs.
    AtomicInteger calls = new AtomicInteger();
    try (EddySession eddy = EddySession.builder().getOrCreate()) {
      MemoryStream<Event> input = MemoryStream.of(eddy, EVENTS);
      input.addData(ev("a", 1));
      Dataset<CountOut> out = mapCount(input.toDS(), calls);
      assertThatThrownBy(() -> out.writeStream().format("noop").outputMode("append").trigger(Trigger.Once()).start())
          .isInstanceOf(AnalysisException.class)
          .hasMessageContaining("mapGroupsWithState at QueryRulesTest");
      assertThat(eddy.streams().active()).isEmpty();
      assertThat(calls).hasValue(0);
    }
  }

  public record Session(String key, long count) {}

  @Test
  void q5_rowThatPassedLateFilteringCanFailSetTimeoutTimestamp() throws Exception {
    // SEMANTICS Q5 (G4 with W2): in batch 1 a row at 5,000 passes the filter (watermark 0) but
    // evicting runs at 10,000, so setTimeoutTimestamp(5,000 + 1,000) throws and the query stops.
    try (StreamDriver<Event, Session> d = StreamDriver.of(EVENTS, (Dataset<Event> events) ->
            events.withWatermark("ts", "0 seconds").groupByKey(Event::key, Encoders.STRING()).flatMapGroupsWithState(
                (String key, Iterator<Event> rows, GroupState<Long> s) -> {
                  long max = 0;
                  while (rows.hasNext()) {
                    max = Math.max(max, rows.next().ts());
                  }
                  s.update(1L);
                  s.setTimeoutTimestamp(max + 1_000);
                  return List.of(new Session(key, 1)).iterator();
                },
                OutputMode.Append(), Encoders.LONG(), Encoders.bean(Session.class), GroupStateTimeout.EventTimeTimeout()))
        .config("eddy.sql.streaming.noDataMicroBatches.enabled", false).start()) {
      d.addData(ev("a", 10_000)).processAllAvailable();
      d.addData(ev("b", 5_000));
      assertThatThrownBy(d::processAllAvailable)
          .isInstanceOf(StreamingQueryException.class)
          .hasMessageContaining("batch 1")
          .hasMessageContaining("'b'")
          .hasRootCauseInstanceOf(IllegalArgumentException.class);
      assertThat(d.query().isActive()).isFalse();
    }
  }

  public record Seen(String key, String kind, boolean exists) {}

  @Test
  void q5_timeoutCallThatChangesNothingLeavesAnEmptyEntry() throws Exception {
    // SEMANTICS Q5: "a" holds only a timeout (G8); its timeout call neither updates nor removes,
    // so an entry with no value and no timeout stays in the store and never fires again.
    try (StreamDriver<Event, Seen> d = StreamDriver.of(EVENTS, (Dataset<Event> events) ->
            events.groupByKey(Event::key, Encoders.STRING()).flatMapGroupsWithState(
                (String key, Iterator<Event> rows, GroupState<Long> s) -> {
                  if (s.hasTimedOut()) {
                    return List.of(new Seen(key, "timeout", s.exists())).iterator();
                  }
                  Seen seen = new Seen(key, "data", s.exists());
                  if (count(rows) == 1 && !s.exists()) {
                    s.setTimeoutDuration(500);
                  }
                  return List.of(seen).iterator();
                },
                OutputMode.Update(), Encoders.LONG(), Encoders.bean(Seen.class), GroupStateTimeout.ProcessingTimeTimeout()))
        .outputMode("update").trigger(Trigger.ProcessingTime(1000)).start()) {
      d.addData(ev("a", 1));
      d.advanceClock(1_000);
      d.advanceClock(1_000);
      d.assertLastBatch(new Seen("a", "timeout", false));
      assertThat(lastOperator(d.query()).numRowsTotal()).isEqualTo(1);
      int batches = d.batches().size();
      d.advanceClock(5_000);
      assertThat(d.batches()).hasSize(batches);
      d.addData(ev("a", 2), ev("a", 3));
      d.advanceClock(1_000);
      d.assertLastBatch(new Seen("a", "data", false));
      assertThat(lastOperator(d.query()).numRowsTotal()).isEqualTo(1);
    }
  }
}
