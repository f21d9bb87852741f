package dev.eddy.bench;

import java.sql.Timestamp;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import org.apache.spark.api.java.function.FilterFunction;
import org.apache.spark.api.java.function.FlatMapGroupsWithStateFunction;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.GroupState;
import org.apache.spark.sql.streaming.GroupStateTimeout;
import org.apache.spark.sql.streaming.OutputMode;

/**
 * Event-time sessions on Apache Spark: the queries of {@link SessionBench}. W2 with event time =
 * {@code timestamp_millis(value)}, user = {@code (value div 20) % users}; W5 (Nexmark Q11) with
 * the bids of {@link NexmarkBids} made by a typed {@code filter} and {@code map}; then watermark
 * 10 s and a {@code flatMapGroupsWithState} with {@code EventTimeTimeout} and a 30 s (W2) or 10 s
 * (W5) gap.
 */
public final class SparkSessionWorkload {
  /** One input row. */
  public static final class ClickBean {
    private String user;
    private Timestamp eventTime;

    public String getUser() {
      return user;
    }

    public void setUser(String user) {
      this.user = user;
    }

    public Timestamp getEventTime() {
      return eventTime;
    }

    public void setEventTime(Timestamp eventTime) {
      this.eventTime = eventTime;
    }
  }

  /** An open session: clicks so far and the event-time span. */
  public static class SessionBean {
    private int count;
    private long startMs = Long.MAX_VALUE;
    private long endMs = Long.MIN_VALUE;

    public int getCount() {
      return count;
    }

    public void setCount(int count) {
      this.count = count;
    }

    public long getStartMs() {
      return startMs;
    }

    public void setStartMs(long startMs) {
      this.startMs = startMs;
    }

    public long getEndMs() {
      return endMs;
    }

    public void setEndMs(long endMs) {
      this.endMs = endMs;
    }
  }

  /** A closed session with its user. */
  public static final class ClosedSessionBean extends SessionBean {
    private String user;

    public String getUser() {
      return user;
    }

    public void setUser(String user) {
      this.user = user;
    }
  }

  private SparkSessionWorkload() {}

  /** Runs W2 or W5 and returns its figures; the answer is checked by comparing engines. */
  public static WorkloadResult run(WorkloadSpec spec) throws Exception {
    long keys = spec.keys();
    boolean bids = spec.workload().equals("W5");
    long gap = bids ? SessionBench.BID_GAP_MS : SessionBench.GAP_MS;
    SparkSession spark = SparkRun.session("session-bench", spec);
    try {
      Dataset<Row> rate = spark.readStream().format("rate-micro-batch")
          .option("rowsPerBatch", spec.rowsPerBatch())
          .option("numPartitions", spec.partitions())
          .load();
      Dataset<Row> clicks = bids
          ? rate.selectExpr("value").as(Encoders.LONG()).filter((FilterFunction<Long>) NexmarkBids::isBid)
              .map((MapFunction<Long, ClickBean>) n -> bid(n, keys), Encoders.bean(ClickBean.class)).toDF()
          : rate.selectExpr("CAST((value div " + SessionBench.BURST + ") % " + keys + " AS STRING) AS user",
              "timestamp_millis(value) AS eventTime");
      var writer = clicks
          .withWatermark("eventTime", "10 seconds")
          .as(Encoders.bean(ClickBean.class))
          .groupByKey((MapFunction<ClickBean, String>) ClickBean::getUser, Encoders.STRING())
          .flatMapGroupsWithState(
              (FlatMapGroupsWithStateFunction<String, ClickBean, SessionBean, ClosedSessionBean>)
                  (user, in, state) -> update(user, in, state, gap),
              OutputMode.Update(), Encoders.bean(SessionBean.class), Encoders.bean(ClosedSessionBean.class),
              GroupStateTimeout.EventTimeTimeout())
          .writeStream().format("noop").outputMode("update");
      return WorkloadResult.summarize("spark", spec, SparkRun.run(writer, spec), "");
    } finally {
      SparkRun.stop(spark);
    }
  }

  private static ClickBean bid(long n, long active) {
    ClickBean c = new ClickBean();
    c.setUser(Long.toString(NexmarkBids.bidder(n, active)));
    c.setEventTime(new Timestamp(NexmarkBids.eventTimeMs(n)));
    return c;
  }

  private static Iterator<ClosedSessionBean> update(
      String user, Iterator<ClickBean> clicks, GroupState<SessionBean> state, long gapMs) {
    if (state.hasTimedOut()) {
      SessionBean s = state.get();
      ClosedSessionBean closed = new ClosedSessionBean();
      closed.setUser(user);
      closed.setCount(s.getCount());
      closed.setStartMs(s.getStartMs());
      closed.setEndMs(s.getEndMs());
      state.remove();
      return List.of(closed).iterator();
    }
    SessionBean s = state.exists() ? state.get() : new SessionBean();
    while (clicks.hasNext()) {
      long t = clicks.next().getEventTime().getTime();
      s.setCount(s.getCount() + 1);
      s.setStartMs(Math.min(s.getStartMs(), t));
      s.setEndMs(Math.max(s.getEndMs(), t));
    }
    state.update(s);
    state.setTimeoutTimestamp(s.getEndMs() + gapMs);
    return Collections.emptyIterator();
  }
}
