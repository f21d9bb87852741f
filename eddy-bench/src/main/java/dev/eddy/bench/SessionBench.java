package dev.eddy.bench;

import dev.eddy.Dataset;
import dev.eddy.EddySession;
import dev.eddy.Encoders;
import dev.eddy.Row;
import dev.eddy.streaming.GroupState;
import dev.eddy.streaming.GroupStateTimeout;
import dev.eddy.streaming.OutputMode;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;

/**
 * Event-time sessions on Eddy: W2 of the benchmark issue, and W5 (Nexmark Q11, bids per bidder per
 * 10-second session of event time, over the events of {@link NexmarkBids}). W2: {@code rate-micro-batch} rows become
 * clicks with event time = {@code value} ms and user = {@code (value / 20) % users}, so each user
 * sends bursts of 20 clicks and its sessions close by timeout during the run; watermark 10 s; a
 * {@code flatMapGroupsWithState} with {@code EventTimeTimeout} keeps one open session per user and
 * emits it when the watermark passes its last click plus the 30 s gap. {@link SparkSessionWorkload}
 * is the same query on Spark; the harness checks both leave the same number of sessions open and
 * close the same number.
 */
public final class SessionBench {
  /** W2's sessions close this long after their last click. */
  static final long GAP_MS = 30_000;
  /** W5's (Nexmark Q11's) sessions close this long after their last bid. */
  static final long BID_GAP_MS = 10_000;
  /** Clicks in a row from one user. */
  static final long BURST = 20;

  /** One input row. */
  public record Click(String user, long eventTime) {}

  /** An open session: clicks so far and the event-time span. */
  public record Session(int count, long startMs, long endMs) {}

  /** A closed session. */
  public record SessionOut(String user, int count, long startMs, long endMs) {}

  private SessionBench() {}

  /**
   * Runs W2 or W5 and returns its figures; the answer is checked by comparing engines. For W5,
   * {@code spec.keys()} is the number of active persons bids come from.
   */
  public static WorkloadResult run(WorkloadSpec spec) throws Exception {
    long keys = spec.keys();
    boolean bids = spec.workload().equals("W5");
    long gap = bids ? BID_GAP_MS : GAP_MS;
    try (EddySession eddy = EddyRun.session("session-bench", spec)) {
      Dataset<Row> rate = eddy.readStream().format("rate-micro-batch")
          .option("rowsPerBatch", spec.rowsPerBatch())
          .option("numPartitions", spec.partitions())
          .load();
      Dataset<Click> clicks = bids
          ? rate.map(r -> r.getLong("value"), Encoders.LONG()).filter(NexmarkBids::isBid)
              .map(n -> new Click(Long.toString(NexmarkBids.bidder(n, keys)), NexmarkBids.eventTimeMs(n)),
                  Encoders.record(Click.class))
          : rate.map(r -> new Click(Long.toString(r.getLong("value") / BURST % keys), r.getLong("value")),
              Encoders.record(Click.class));
      var writer = clicks
          .withWatermark("eventTime", "10 seconds")
          .groupByKey(Click::user, Encoders.STRING())
          .flatMapGroupsWithState(
              (String user, Iterator<Click> in, GroupState<Session> state) -> update(user, in, state, gap),
              OutputMode.Update(), Encoders.record(Session.class), Encoders.record(SessionOut.class),
              GroupStateTimeout.EventTimeTimeout())
          .writeStream().format("noop").outputMode("update");
      return WorkloadResult.summarize("eddy", spec, EddyRun.run(writer, spec), "");
    }
  }

  private static Iterator<SessionOut> update(
      String user, Iterator<Click> clicks, GroupState<Session> state, long gapMs) {
    if (state.hasTimedOut()) {
      Session s = state.get();
      state.remove();
      return List.of(new SessionOut(user, s.count(), s.startMs(), s.endMs())).iterator();
    }
    Session s = state.getOption().orElse(new Session(0, Long.MAX_VALUE, Long.MIN_VALUE));
    int count = s.count();
    long start = s.startMs();
    long end = s.endMs();
    while (clicks.hasNext()) {
      long t = clicks.next().eventTime();
      count++;
      start = Math.min(start, t);
      end = Math.max(end, t);
    }
    state.update(new Session(count, start, end));
    state.setTimeoutTimestamp(end + gapMs);
    return Collections.emptyIterator();
  }
}
