package dev.eddy.testkit.semantics;

import static dev.eddy.testkit.semantics.Probes.EVENTS;
import static dev.eddy.testkit.semantics.Probes.batchIds;
import static dev.eddy.testkit.semantics.Probes.ev;
import static dev.eddy.testkit.semantics.Probes.lastOperator;
import static dev.eddy.testkit.semantics.Probes.rowsOf;
import static org.assertj.core.api.Assertions.assertThat;

import dev.eddy.Dataset;
import dev.eddy.Encoders;
import dev.eddy.function.FlatMapGroupsWithStateFunction;
import dev.eddy.streaming.GroupState;
import dev.eddy.streaming.GroupStateTimeout;
import dev.eddy.streaming.OutputMode;
import dev.eddy.streaming.Trigger;
import dev.eddy.testkit.StreamDriver;
import dev.eddy.testkit.conformance.Event;
import java.time.Instant;
import java.util.Iterator;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;

/** SEMANTICS W1–W4: watermarks, late rows and no-data batches. */
class WatermarkRulesTest {
  private static final String NO_DATA_BATCHES = "eddy.sql.streaming.noDataMicroBatches.enabled";

  /** What a call saw: the key, the rows' event times, the watermark, and why it was called. */
  public record Seen(String key, String times, long watermark, boolean timedOut) {}

  /** Reports every call; sets no timeout unless {@code timeoutAt} &gt; 0 (event time) on first sight. */
  private static FlatMapGroupsWithStateFunction<String, Event, Long, Seen> reporting(long timeoutAfterMs) {
    return (String key, Iterator<Event> rows, GroupState<Long> s) -> {
      StringBuilder times = new StringBuilder();
      long max = 0;
      while (rows.hasNext()) {
        long ts = rows.next().ts();
        max = Math.max(max, ts);
        times.append(times.length() == 0 ? "" : " ").append(ts);
      }
      Seen seen = new Seen(key, times.toString(), s.getCurrentWatermarkMs(), s.hasTimedOut());
      if (s.hasTimedOut()) {
        s.remove();
      } else {
        s.update(1L);
        if (timeoutAfterMs > 0) {
          s.setTimeoutTimestamp(max + timeoutAfterMs);
        }
      }
      return List.of(seen).iterator();
    };
  }

  private static StreamDriver<Event, Seen> query(
      UnaryOperator<Dataset<Event>> watermarks, GroupStateTimeout timeout, long timeoutAfterMs) {
    return StreamDriver.of(EVENTS, (Dataset<Event> events) ->
        watermarks.apply(events).groupByKey(Event::key, Encoders.STRING()).flatMapGroupsWithState(
            reporting(timeoutAfterMs), OutputMode.Append(), Encoders.LONG(), Encoders.bean(Seen.class), timeout));
  }

  @Test
  void w1_watermarkIsMaxEventTimeMinusDelayAndOnlyRises() throws Exception {
    // SEMANTICS W1
    try (StreamDriver<Event, Seen> d = query(e -> e.withWatermark("ts", "2 seconds"), GroupStateTimeout.NoTimeout(), 0).start()) {
      d.addData(ev("a", 10_000), ev("a", 6_000)).processAllAvailable();
      d.assertLastBatch(new Seen("a", "10000 6000", 0, false));
      d.addData(ev("a", 4_000)).processAllAvailable();
      d.assertLastBatch(new Seen("a", "4000", 8_000, false));
      assertThat(Instant.parse(d.query().lastProgress().eventTime().get("watermark"))).isEqualTo(Instant.ofEpochMilli(8_000));
      d.addData(ev("a", 12_000)).processAllAvailable(); // 4,000 - 2 s did not lower it
      d.assertLastBatch(new Seen("a", "12000", 8_000, false));
      d.addData(ev("a", 1)).processAllAvailable();
      d.assertLastBatch(new Seen("a", "1", 10_000, false));
    }
  }

  /** Two watermark operators: the second sees only rows with v &gt; 0. */
  private static Dataset<Event> twoWatermarks(Dataset<Event> events) {
    return events.withWatermark("ts", "1 second").filter(e -> e.v() > 0).withWatermark("ts", "3 seconds");
  }

  @Test
  void w1_globalWatermarkIsTheMinimumAndAnOperatorWithoutRowsCountsAsZero() throws Exception {
    // SEMANTICS W1: after batch 0 only the first operator saw rows (9,000), the second counts as 0.
    try (StreamDriver<Event, Seen> d = query(WatermarkRulesTest::twoWatermarks, GroupStateTimeout.NoTimeout(), 0).start()) {
      d.addData(ev("a", 10_000, 0)).processAllAvailable();
      assertThat(d.lastBatch().rows()).isEmpty();
      d.addData(ev("a", 10_000, 1)).processAllAvailable();
      d.assertLastBatch(new Seen("a", "10000", 0, false));
      d.addData(ev("a", 1_000, 1)).processAllAvailable(); // min(9,000, 7,000)
      d.assertLastBatch(new Seen("a", "1000", 7_000, false));
    }
  }

  @Test
  void w1_maxPolicyTakesTheHighestOperatorWatermark() throws Exception {
    // SEMANTICS W1 with eddy.sql.streaming.multipleWatermarkPolicy = max
    try (StreamDriver<Event, Seen> d = query(WatermarkRulesTest::twoWatermarks, GroupStateTimeout.NoTimeout(), 0)
        .config("eddy.sql.streaming.multipleWatermarkPolicy", "max").start()) {
      d.addData(ev("a", 10_000, 0)).processAllAvailable();
      d.addData(ev("a", 10_000, 1)).processAllAvailable();
      d.assertLastBatch(new Seen("a", "10000", 9_000, false));
      d.addData(ev("a", 1_000, 1)).processAllAvailable();
      d.assertLastBatch(new Seen("a", "1000", 9_000, false));
    }
  }

  @Test
  void w2_lateFilteringUsesThePreviousBatchsWatermarkEvictionTheCurrent() throws Exception {
    // SEMANTICS W2: batch 1 filters at 0 but evicts at 10,000; batch 2 filters at 10,000.
    try (StreamDriver<Event, Seen> d = query(e -> e.withWatermark("ts", "0 seconds"), GroupStateTimeout.EventTimeTimeout(), 0)
        .config(NO_DATA_BATCHES, false).start()) {
      d.addData(ev("a", 10_000)).processAllAvailable();
      d.assertLastBatch(new Seen("a", "10000", 0, false));
      d.addData(ev("b", 5_000)).processAllAvailable();
      d.assertLastBatch(new Seen("b", "5000", 10_000, false));
      assertThat(lastOperator(d.query()).numRowsDroppedByWatermark()).isZero();
      d.addData(ev("c", 7_000)).processAllAvailable();
      assertThat(rowsOf(d, 2)).isEmpty();
      assertThat(lastOperator(d.query()).numRowsDroppedByWatermark()).isEqualTo(1);
    }
  }

  @Test
  void w3_rowAtOrBelowTheWatermarkIsDroppedUnderEventTimeTimeout() throws Exception {
    // SEMANTICS W3: in batch 2 the late-row watermark is 10,000; 10,000 is late, 10,001 is not.
    try (StreamDriver<Event, Seen> d = query(e -> e.withWatermark("ts", "0 seconds"), GroupStateTimeout.EventTimeTimeout(), 0)
        .config(NO_DATA_BATCHES, false).start()) {
      d.addData(ev("a", 10_000)).processAllAvailable();
      d.addData(ev("x", 10_000)).processAllAvailable();
      d.addData(ev("b", 9_000), ev("b", 10_000), ev("b", 10_001)).processAllAvailable();
      d.assertLastBatch(new Seen("b", "10001", 10_000, false));
      assertThat(lastOperator(d.query()).numRowsDroppedByWatermark()).isEqualTo(2);
    }
  }

  @Test
  void w3_lateRowsReachTheFunctionWithoutEventTimeTimeout() throws Exception {
    // SEMANTICS W3: NoTimeout and ProcessingTimeTimeout ignore lateness even with a watermark.
    for (GroupStateTimeout t : List.of(GroupStateTimeout.NoTimeout(), GroupStateTimeout.ProcessingTimeTimeout())) {
      try (StreamDriver<Event, Seen> d = query(e -> e.withWatermark("ts", "0 seconds"), t, 0).start()) {
        d.addData(ev("a", 10_000)).processAllAvailable();
        d.addData(ev("a", 20_000)).processAllAvailable();
        d.addData(ev("a", 1_000)).processAllAvailable();
        d.assertLastBatch(new Seen("a", "1000", 20_000, false));
        assertThat(lastOperator(d.query()).numRowsDroppedByWatermark()).as(t.toString()).isZero();
      }
    }
  }

  public record Tick(String key, String kind) {}

  private static StreamDriver<Event, Tick> procTimeouts(long durationMs) {
    return StreamDriver.of(EVENTS, (Dataset<Event> events) ->
            events.groupByKey(Event::key, Encoders.STRING()).flatMapGroupsWithState(
                (String key, Iterator<Event> rows, GroupState<Long> s) -> {
                  if (s.hasTimedOut()) {
                    s.remove();
                    return List.of(new Tick(key, "timeout")).iterator();
                  }
                  s.update(1L);
                  s.setTimeoutDuration(durationMs);
                  return List.of(new Tick(key, "data")).iterator();
                },
                OutputMode.Update(), Encoders.LONG(), Encoders.bean(Tick.class), GroupStateTimeout.ProcessingTimeTimeout()))
        .outputMode("update").trigger(Trigger.ProcessingTime(1000));
  }

  @Test
  void w4_processingTimeTimeoutRunsNoDataBatchesWhileATimeoutIsPending() throws Exception {
    // SEMANTICS W4, as Eddy (and Spark's output in conformance scenario countproc-timeouts) does it:
    // a no-data batch every trigger while some key has a pending timeout, none after.
    try (StreamDriver<Event, Tick> d = procTimeouts(1_500).start()) {
      d.addData(ev("a", 1));
      d.advanceClock(1_000); // batch 0, a times out after 2,500
      d.advanceClock(1_000); // batch 1: no data, nothing expired
      d.advanceClock(1_000); // batch 2: a times out
      assertThat(batchIds(d)).containsExactly(0L, 1L, 2L);
      assertThat(rowsOf(d, 1)).isEmpty();
      d.assertLastBatch(new Tick("a", "timeout"));
      d.advanceClock(1_000);
      d.advanceClock(1_000);
      d.advanceClock(5_000);
      assertThat(batchIds(d)).containsExactly(0L, 1L, 2L);
    }
  }

  @Test
  void w4_eventTimeTimeoutRunsANoDataBatchWhenTheWatermarkAdvanced() throws Exception {
    // SEMANTICS W4: batch 0 moves the watermark to 10,000, so batch 1 runs without data and fires "a".
    try (StreamDriver<Event, Seen> d = query(e -> e.withWatermark("ts", "0 seconds"), GroupStateTimeout.EventTimeTimeout(), 1_000)
        .start()) {
      d.addData(ev("a", 5_000), ev("b", 10_000)).processAllAvailable();
      assertThat(batchIds(d)).containsExactly(0L, 1L);
      assertThat(rowsOf(d, 1)).containsExactly(new Seen("a", "", 10_000, true));
      d.advanceClock(60_000);
      d.processAllAvailable(); // the watermark did not move: no batch
      assertThat(batchIds(d)).containsExactly(0L, 1L);
    }
  }

  @Test
  void w4_noTimeoutNeverRunsNoDataBatches() throws Exception {
    // SEMANTICS W4
    try (StreamDriver<Event, Seen> d = query(e -> e.withWatermark("ts", "0 seconds"), GroupStateTimeout.NoTimeout(), 0)
        .trigger(Trigger.ProcessingTime(1000)).start()) {
      d.addData(ev("a", 10_000));
      d.advanceClock(1_000);
      d.advanceClock(1_000);
      d.advanceClock(1_000);
      assertThat(batchIds(d)).containsExactly(0L);
    }
  }

  @Test
  void w4_noNoDataBatchBeforeTheFirstBatch() throws Exception {
    // SEMANTICS W4
    try (StreamDriver<Event, Tick> d = procTimeouts(500).start()) {
      d.advanceClock(1_000);
      d.advanceClock(1_000);
      assertThat(d.batches()).isEmpty();
      assertThat(d.query().lastProgress()).isNull();
    }
    try (StreamDriver<Event, Seen> d = query(e -> e.withWatermark("ts", "0 seconds"), GroupStateTimeout.EventTimeTimeout(), 1)
        .start()) {
      d.processAllAvailable();
      assertThat(d.batches()).isEmpty();
    }
  }

  @Test
  void w4_noDataBatchesCanBeTurnedOffForProcessingTimeTimeouts() throws Exception {
    // SEMANTICS W4 with eddy.sql.streaming.noDataMicroBatches.enabled = false: timeouts wait for data.
    try (StreamDriver<Event, Tick> d = procTimeouts(500).config(NO_DATA_BATCHES, false).start()) {
      d.addData(ev("a", 1));
      d.advanceClock(1_000);
      d.advanceClock(1_000);
      d.advanceClock(3_000);
      assertThat(batchIds(d)).containsExactly(0L);
      d.addData(ev("b", 1));
      d.advanceClock(1_000);
      assertThat(batchIds(d)).containsExactly(0L, 1L);
      d.assertLastBatch(new Tick("b", "data"), new Tick("a", "timeout"));
    }
  }

  @Test
  void w4_noDataBatchesCanBeTurnedOffForEventTimeTimeouts() throws Exception {
    // SEMANTICS W4 with eddy.sql.streaming.noDataMicroBatches.enabled = false
    try (StreamDriver<Event, Seen> d = query(e -> e.withWatermark("ts", "0 seconds"), GroupStateTimeout.EventTimeTimeout(), 1_000)
        .config(NO_DATA_BATCHES, false).start()) {
      d.addData(ev("a", 5_000), ev("b", 10_000)).processAllAvailable();
      assertThat(batchIds(d)).containsExactly(0L);
      d.addData(ev("c", 20_000)).processAllAvailable();
      d.assertLastBatch(new Seen("c", "20000", 10_000, false), new Seen("a", "", 10_000, true));
    }
  }
}
