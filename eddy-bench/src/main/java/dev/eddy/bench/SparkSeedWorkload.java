package dev.eddy.bench;

import java.util.Iterator;
import org.apache.spark.api.java.function.MapFunction;
import org.apache.spark.api.java.function.MapGroupsWithStateFunction;
import org.apache.spark.sql.Encoders;
import org.apache.spark.sql.SparkSession;
import org.apache.spark.sql.streaming.GroupState;
import org.apache.spark.sql.streaming.GroupStateTimeout;

/**
 * The seed workload (W1; W3 and W4 are sized variants) on Apache Spark, written the way a Spark user
 * would: {@code rate-micro-batch}, key = {@code CAST(value % K AS STRING)}, {@code groupByKey} and a
 * {@code mapGroupsWithState} counter, the {@code noop} sink. Same answer check as {@link SeedBench}.
 */
public final class SparkSeedWorkload {
  /** The state of one key (Spark's bean encoder needs a JavaBean). */
  public static final class ClicksBean {
    private int count;

    public int getCount() {
      return count;
    }

    public void setCount(int count) {
      this.count = count;
    }
  }

  /** The output of one key. */
  public static final class UserCountBean {
    private String userId;
    private int totalClicks;

    public String getUserId() {
      return userId;
    }

    public void setUserId(String userId) {
      this.userId = userId;
    }

    public int getTotalClicks() {
      return totalClicks;
    }

    public void setTotalClicks(int totalClicks) {
      this.totalClicks = totalClicks;
    }
  }

  private SparkSeedWorkload() {}

  /** Runs the workload; throws {@link AssertionError} when the answer is wrong. */
  public static WorkloadResult run(WorkloadSpec spec) throws Exception {
    KeySample.start(spec.keys(), spec.rowsPerBatch(), spec.batches());
    SparkSession spark = SparkRun.session("seed-bench", spec);
    try {
      var writer = spark.readStream().format("rate-micro-batch")
          .option("rowsPerBatch", spec.rowsPerBatch())
          .option("numPartitions", spec.partitions())
          .load()
          .selectExpr("CAST(value % " + spec.keys() + " AS STRING) AS key")
          .as(Encoders.STRING())
          .groupByKey((MapFunction<String, String>) k -> k, Encoders.STRING())
          .mapGroupsWithState(
              (MapGroupsWithStateFunction<String, String, ClicksBean, UserCountBean>) (key, values, state) ->
                  count(key, values, state),
              Encoders.bean(ClicksBean.class), Encoders.bean(UserCountBean.class), GroupStateTimeout.NoTimeout())
          .writeStream().format("noop").outputMode("update");
      return SeedBench.check(
          WorkloadResult.summarize("spark", spec, SparkRun.run(writer, spec), KeySample.counts()), spec);
    } finally {
      SparkRun.stop(spark);
    }
  }

  private static UserCountBean count(String key, Iterator<String> values, GroupState<ClicksBean> state) {
    int n = 0;
    for (; values.hasNext(); values.next()) {
      n++;
    }
    ClicksBean clicks = state.exists() ? state.get() : new ClicksBean();
    clicks.setCount(clicks.getCount() + n);
    state.update(clicks);
    KeySample.record(key, clicks.getCount());
    UserCountBean out = new UserCountBean();
    out.setUserId(key);
    out.setTotalClicks(clicks.getCount());
    return out;
  }
}
