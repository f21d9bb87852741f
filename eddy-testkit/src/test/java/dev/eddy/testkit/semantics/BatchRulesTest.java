package dev.eddy.testkit.semantics;

import static dev.eddy.testkit.semantics.Probes.EVENTS;
import static dev.eddy.testkit.semantics.Probes.count;
import static dev.eddy.testkit.semantics.Probes.ev;
import static dev.eddy.testkit.semantics.Probes.lastOperator;
import static dev.eddy.testkit.semantics.Probes.rowsOf;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.eddy.Dataset;
import dev.eddy.Encoders;
import dev.eddy.function.FlatMapGroupsWithStateFunction;
import dev.eddy.streaming.GroupState;
import dev.eddy.streaming.GroupStateTimeout;
import dev.eddy.streaming.OutputMode;
import dev.eddy.streaming.StateOperatorProgress;
import dev.eddy.streaming.StreamingQueryException;
import dev.eddy.streaming.Trigger;
import dev.eddy.testkit.StreamDriver;
import dev.eddy.testkit.conformance.Event;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import org.junit.jupiter.api.Test;

/** SEMANTICS B1–B8: what one micro-batch of a stateful operator does. */
class BatchRulesTest {

  public record CountOut(String key, long count) {}

  public record Call(String key, String kind, String rows) {}

  /** A processing-time query on a 1 s trigger whose function is {@code fn}. */
  private static <U> StreamDriver<Event, U> procTime(
      Class<U> out, FlatMapGroupsWithStateFunction<String, Event, Long, U> fn) {
    return StreamDriver.of(EVENTS, (Dataset<Event> events) ->
            events.groupByKey(Event::key, Encoders.STRING()).flatMapGroupsWithState(
                fn, OutputMode.Update(), Encoders.LONG(), Encoders.bean(out), GroupStateTimeout.ProcessingTimeTimeout()))
        .outputMode("update").trigger(Trigger.ProcessingTime(1000));
  }

  private static StreamDriver<Event, CountOut> counting(int partitions, Set<String> threads) {
    return StreamDriver.of(EVENTS, (Dataset<Event> events) ->
            events.groupByKey(Event::key, Encoders.STRING()).mapGroupsWithState(
                (String key, Iterator<Event> rows, GroupState<Long> s) -> {
                  threads.add(Thread.currentThread().getName());
                  long c = s.getOption().orElse(0L) + count(rows);
                  s.update(c);
                  return new CountOut(key, c);
                },
                Encoders.LONG(), Encoders.bean(CountOut.class)))
        .outputMode("update").config("eddy.sql.shuffle.partitions", partitions);
  }

  @Test
  void b1_stateIsHashPartitionedIntoTheConfiguredPartitionsAndCarriesFromBatchToBatch() throws Exception {
    // SEMANTICS B1: 200 keys over 4 state partitions; batch N sees what batch N-1 committed.
    Set<String> threads = ConcurrentHashMap.newKeySet();
    try (StreamDriver<Event, CountOut> d = counting(4, threads).start()) {
      List<Event> round = new ArrayList<>();
      for (int k = 0; k < 200; k++) {
        round.add(ev("k" + k, 1));
      }
      for (long batch = 0; batch < 3; batch++) {
        threads.clear();
        d.addData(round).processAllAvailable();
        List<CountOut> expected = new ArrayList<>();
        for (int k = 0; k < 200; k++) {
          expected.add(new CountOut("k" + k, batch + 1));
        }
        assertThat(rowsOf(d, batch)).containsExactlyInAnyOrderElementsOf(expected);
        assertThat(threads).hasSizeLessThanOrEqualTo(4); // one task per partition
      }
      StateOperatorProgress op = lastOperator(d.query());
      assertThat(op.numShufflePartitions()).isEqualTo(4);
      assertThat(op.numStateStoreInstances()).isEqualTo(4);
      assertThat(op.numRowsTotal()).isEqualTo(200);
    }
  }

  @Test
  void b1_aSingleStatePartitionWorks() throws Exception {
    // SEMANTICS B1 with eddy.sql.shuffle.partitions = 1
    try (StreamDriver<Event, CountOut> d = counting(1, ConcurrentHashMap.newKeySet()).start()) {
      d.addData(ev("a", 1), ev("b", 1), ev("a", 2)).processAllAvailable();
      d.assertLastBatch(new CountOut("a", 2), new CountOut("b", 1));
      d.addData(ev("a", 3)).processAllAvailable();
      d.assertLastBatch(new CountOut("a", 3));
    }
  }

  @Test
  void b2_dataCallsFirstWithAllRowsInArrivalOrderThenTimeouts() throws Exception {
    // SEMANTICS B2: in the batch at 2,000 "a" (two offsets, rows 1 2 3) and "c" have data, "b" times out.
    List<Call> log = Collections.synchronizedList(new ArrayList<>());
    try (StreamDriver<Event, Call> d = procTime(Call.class, (String key, Iterator<Event> rows, GroupState<Long> s) -> {
          StringBuilder vs = new StringBuilder();
          rows.forEachRemaining(e -> vs.append(e.v()));
          Call c = new Call(key, s.hasTimedOut() ? "timeout" : "data", vs.toString());
          log.add(c);
          if (!s.hasTimedOut()) {
            s.update(1L);
            s.setTimeoutDuration(500);
          } else {
            s.remove();
          }
          return List.of(c).iterator();
        }).config("eddy.sql.shuffle.partitions", 2).start()) {
      d.addData(ev("b", 1, 9));
      d.advanceClock(1_000);
      log.clear();
      d.addData(ev("a", 1, 1), ev("c", 1, 5), ev("a", 1, 2)).addData(ev("a", 1, 3));
      d.advanceClock(1_000);
      d.assertLastBatch(new Call("a", "data", "123"), new Call("c", "data", "5"), new Call("b", "timeout", ""));
      assertThat(log).hasSize(3); // one call per key, "a" with both offsets' rows
    }
  }

  @Test
  void b2_timeoutsFollowAllDataOfTheirPartition() throws Exception {
    // SEMANTICS B2 with one state partition, so the order of all calls is the partition's order.
    List<Call> log = Collections.synchronizedList(new ArrayList<>());
    try (StreamDriver<Event, Call> d = procTime(Call.class, (String key, Iterator<Event> rows, GroupState<Long> s) -> {
          Call c = new Call(key, s.hasTimedOut() ? "timeout" : "data", String.valueOf(count(rows)));
          log.add(c);
          if (!s.hasTimedOut()) {
            s.update(1L);
            s.setTimeoutDuration(500);
          }
          return List.<Call>of().iterator();
        }).config("eddy.sql.shuffle.partitions", 1).start()) {
      d.addData(ev("t1", 1), ev("t2", 1));
      d.advanceClock(1_000);
      log.clear();
      d.addData(ev("a", 1), ev("b", 1), ev("c", 1));
      d.advanceClock(1_000);
      assertThat(log.subList(0, 3)).extracting(Call::kind).containsOnly("data");
      assertThat(log.subList(3, 5)).extracting(Call::kind).containsOnly("timeout");
    }
  }

  @Test
  void b3_everyCallStartsWithNoTimeout() throws Exception {
    // SEMANTICS B3: only a key's first call sets a timeout; a later data call or the timeout call cancels it.
    try (StreamDriver<Event, Call> d = procTime(Call.class, (String key, Iterator<Event> rows, GroupState<Long> s) -> {
          if (s.hasTimedOut()) {
            return List.of(new Call(key, "timeout", "")).iterator();
          }
          if (!s.exists()) {
            s.setTimeoutDuration(1_500);
          }
          s.update(s.getOption().orElse(0L) + count(rows));
          return List.<Call>of().iterator();
        }).start()) {
      d.addData(ev("a", 1), ev("b", 1));
      d.advanceClock(1_000); // both time out after 2,500
      d.addData(ev("a", 2));
      d.advanceClock(1_000); // a's data call sets nothing: its timeout is gone
      d.advanceClock(1_000);
      d.assertLastBatch(new Call("b", "timeout", ""));
      assertThat(lastOperator(d.query()).customMetrics()).containsEntry("numTimeouts", 1L);
      int batches = d.batches().size();
      d.advanceClock(10_000); // b's timeout call set nothing either: no pending timeout, no batch
      assertThat(d.batches()).hasSize(batches);
    }
  }

  @Test
  void b4_expiredKeyWithDataIsCalledOnceWithDataNotTimedOut() throws Exception {
    // SEMANTICS B4
    try (StreamDriver<Event, Call> d = procTime(Call.class, (String key, Iterator<Event> rows, GroupState<Long> s) -> {
          Call c = new Call(key, s.hasTimedOut() ? "timeout" : "data", String.valueOf(count(rows)));
          s.update(1L);
          s.setTimeoutDuration(500);
          return List.of(c).iterator();
        }).config("eddy.sql.streaming.noDataMicroBatches.enabled", false).start()) {
      d.addData(ev("a", 1));
      d.advanceClock(1_000); // a times out after 1,500
      d.addData(ev("a", 2), ev("a", 3));
      d.advanceClock(4_000);
      d.assertLastBatch(new Call("a", "data", "2"));
      assertThat(lastOperator(d.query()).customMetrics()).containsEntry("numTimeouts", 0L);
    }
  }

  public record Fired(String key, long rows, boolean timedOut, long atMs) {}

  @Test
  void b5_processingTimeTimeoutFiresStrictlyAfterItsTimestamp() throws Exception {
    // SEMANTICS B5: timeout at 3,000 does not fire in the batch at 3,000, fires in the batch at 4,000.
    try (StreamDriver<Event, Fired> d = procTime(Fired.class, (String key, Iterator<Event> rows, GroupState<Long> s) -> {
          if (s.hasTimedOut()) {
            s.remove();
            return List.of(new Fired(key, count(rows), true, s.getCurrentProcessingTimeMs())).iterator();
          }
          s.update(1L);
          s.setTimeoutDuration(2_000);
          return List.<Fired>of().iterator();
        }).start()) {
      d.addData(ev("a", 1));
      d.advanceClock(1_000);
      d.advanceClock(1_000);
      d.advanceClock(1_000);
      assertThat(d.lastBatch().rows()).isEmpty();
      d.advanceClock(1_000);
      d.assertLastBatch(new Fired("a", 0, true, 4_000));
    }
  }

  @Test
  void b5_eventTimeTimeoutFiresStrictlyBelowTheWatermark() throws Exception {
    // SEMANTICS B5: timeout 10,000; the batch evicting at 10,000 leaves it, the one at 10,001 fires it.
    try (StreamDriver<Event, Fired> d = StreamDriver.of(EVENTS, (Dataset<Event> events) ->
            events.withWatermark("ts", "0 seconds").groupByKey(Event::key, Encoders.STRING()).flatMapGroupsWithState(
                (String key, Iterator<Event> rows, GroupState<Long> s) -> {
                  if (s.hasTimedOut()) {
                    s.remove();
                    return List.of(new Fired(key, count(rows), true, s.getCurrentWatermarkMs())).iterator();
                  }
                  if (key.equals("a")) {
                    s.update(1L);
                    s.setTimeoutTimestamp(10_000);
                  }
                  return List.<Fired>of().iterator();
                },
                OutputMode.Append(), Encoders.LONG(), Encoders.bean(Fired.class), GroupStateTimeout.EventTimeTimeout()))
        .config("eddy.sql.streaming.noDataMicroBatches.enabled", false).start()) {
      d.addData(ev("a", 5_000)).processAllAvailable();
      d.addData(ev("z", 10_000)).processAllAvailable();
      d.addData(ev("z", 10_001)).processAllAvailable(); // evicts at 10,000
      assertThat(rowsOf(d, 2)).isEmpty();
      d.addData(ev("z", 10_002)).processAllAvailable(); // evicts at 10,001
      d.assertLastBatch(new Fired("a", 0, true, 10_001));
    }
  }

  @Test
  void b6_writeBackDeletesRemovedKeysAndWritesOnlyChangedEntries() throws Exception {
    // SEMANTICS B6: v=1 update; v=2 remove; v=3 read only; v=4 remove but keep a timeout.
    try (StreamDriver<Event, Call> d = procTime(Call.class, (String key, Iterator<Event> rows, GroupState<Long> s) -> {
          long v = rows.hasNext() ? rows.next().v() : 0;
          if (v == 1) {
            s.update(1L);
          } else if (v == 2) {
            s.remove();
          } else if (v == 3) {
            s.getOption();
          } else if (v == 4) {
            s.remove();
            s.setTimeoutDuration(60_000);
          }
          return List.<Call>of().iterator();
        }).start()) {
      d.addData(ev("a", 1, 1), ev("b", 1, 1), ev("c", 1, 1));
      d.advanceClock(1_000);
      StateOperatorProgress op = lastOperator(d.query());
      assertThat(List.of(op.numRowsTotal(), op.numRowsUpdated(), op.numRowsRemoved())).containsExactly(3L, 3L, 0L);

      d.addData(ev("a", 1, 2), ev("b", 1, 3));
      d.advanceClock(1_000);
      op = lastOperator(d.query());
      assertThat(List.of(op.numRowsTotal(), op.numRowsUpdated(), op.numRowsRemoved())).containsExactly(2L, 0L, 1L);

      d.addData(ev("c", 1, 4));
      d.advanceClock(1_000);
      op = lastOperator(d.query());
      assertThat(List.of(op.numRowsTotal(), op.numRowsUpdated(), op.numRowsRemoved())).containsExactly(2L, 1L, 0L);
    }
  }

  @Test
  void b7_timeoutWorkIsProportionalToExpiringKeysNotToState() throws Exception {
    // SEMANTICS B7: 50,000 keys in state, 3 of them expire.
    Set<String> expiring = Set.of("k7", "k12345", "k49999");
    List<String> timedOut = Collections.synchronizedList(new ArrayList<>());
    try (StreamDriver<Event, Call> d = procTime(Call.class, (String key, Iterator<Event> rows, GroupState<Long> s) -> {
          if (s.hasTimedOut()) {
            timedOut.add(key);
            s.remove();
            return List.of(new Call(key, "timeout", "")).iterator();
          }
          s.update(1L);
          s.setTimeoutDuration(expiring.contains(key) ? 1_000 : 1_000_000);
          return List.<Call>of().iterator();
        }).start()) {
      List<Event> keys = new ArrayList<>();
      for (int k = 0; k < 50_000; k++) {
        keys.add(ev("k" + k, 1));
      }
      d.addData(keys);
      d.advanceClock(1_000);
      assertThat(lastOperator(d.query()).numRowsTotal()).isEqualTo(50_000);
      d.advanceClock(2_000);
      assertThat(timedOut).containsExactlyInAnyOrderElementsOf(expiring);
      d.assertLastBatch(new Call("k7", "timeout", ""), new Call("k12345", "timeout", ""), new Call("k49999", "timeout", ""));
      StateOperatorProgress op = lastOperator(d.query());
      assertThat(op.customMetrics()).containsEntry("numTimeouts", 3L);
      assertThat(op.numRowsTotal()).isEqualTo(49_997);
    }
  }

  @Test
  void b8_throwingFunctionStopsTheQueryAndTheBatchIsNotCommitted() throws Exception {
    // SEMANTICS B8
    IllegalStateException boom = new IllegalStateException("boom");
    try (StreamDriver<Event, CountOut> d = StreamDriver.of(EVENTS, (Dataset<Event> events) ->
            events.groupByKey(Event::key, Encoders.STRING()).mapGroupsWithState(
                (String key, Iterator<Event> rows, GroupState<Long> s) -> {
                  if (key.equals("bad")) {
                    throw boom;
                  }
                  long c = s.getOption().orElse(0L) + count(rows);
                  s.update(c);
                  return new CountOut(key, c);
                },
                Encoders.LONG(), Encoders.bean(CountOut.class)))
        .outputMode("update").start()) {
      d.addData(ev("a", 1)).processAllAvailable();
      d.addData(ev("a", 2), ev("bad", 2));

      StreamingQueryException e = catchQueryException(d);
      assertThat(e.getMessage())
          .contains("mapGroupsWithState at BatchRulesTest")
          .contains("batch 1")
          .contains("'bad'");
      assertThat(causes(e)).contains(boom);
      assertThatThrownBy(() -> d.query().awaitTermination()).isSameAs(e);
      assertThatThrownBy(() -> d.query().awaitTermination(10)).isSameAs(e);
      assertThat(d.query().exception()).containsSame(e);
      assertThat(d.query().isActive()).isFalse();
      assertThat(d.query().lastProgress().batchId()).isEqualTo(0);
      assertThat(d.query().recentProgress()).hasSize(1);
      assertThat(Probes.batchIds(d)).containsExactly(0L); // the sink never got batch 1
    }
  }

  @Test
  void b8_messageNamesFlatMapGroupsWithStateWhenThatIsWhatTheUserWrote() throws Exception {
    // SEMANTICS B8
    try (StreamDriver<Event, CountOut> d = StreamDriver.of(EVENTS, (Dataset<Event> events) ->
            events.groupByKey(Event::key, Encoders.STRING()).flatMapGroupsWithState(
                (String key, Iterator<Event> rows, GroupState<Long> s) -> {
                  throw new ArithmeticException("user bug");
                },
                OutputMode.Append(), Encoders.LONG(), Encoders.bean(CountOut.class), GroupStateTimeout.NoTimeout()))
        .start()) {
      d.addData(ev("k1", 1));
      StreamingQueryException e = catchQueryException(d);
      assertThat(e.getMessage()).contains("flatMapGroupsWithState at BatchRulesTest").contains("batch 0").contains("'k1'");
      assertThat(causes(e)).anyMatch(t -> t instanceof ArithmeticException && "user bug".equals(t.getMessage()));
      assertThat(d.query().lastProgress()).isNull();
      assertThat(d.batches()).isEmpty();
    }
  }

  private static StreamingQueryException catchQueryException(StreamDriver<?, ?> d) {
    try {
      d.processAllAvailable();
    } catch (StreamingQueryException e) {
      return e;
    }
    throw new AssertionError("processAllAvailable did not throw; batches: " + d.batches());
  }

  private static List<Throwable> causes(Throwable t) {
    List<Throwable> out = new ArrayList<>();
    for (; t != null && !out.contains(t); t = t.getCause()) {
      out.add(t);
    }
    return out;
  }
}
