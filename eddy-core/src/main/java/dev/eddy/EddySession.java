package dev.eddy;

import dev.eddy.internal.ApiAccess;
import dev.eddy.internal.conf.SessionConf;
import dev.eddy.internal.plan.LogicalPlan;
import dev.eddy.internal.sink.MemorySinkTables;
import dev.eddy.spi.Clock;
import dev.eddy.streaming.DataStreamReader;
import dev.eddy.streaming.StreamingQueryManager;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The entry point: settings, the clock, the worker pool and the queries of one application,
 * like Spark's {@code SparkSession}.
 *
 * <pre>{@code
 * EddySession eddy = EddySession.builder().appName("clicks").config("eddy.sql.shuffle.partitions", 4).getOrCreate();
 * Dataset<Row> rows = eddy.readStream().format("rate").option("rowsPerSecond", 10).load();
 * }</pre>
 *
 * <p>Settings (Spark's {@code spark.} names are accepted as well):
 *
 * <ul>
 *   <li>{@code eddy.sql.shuffle.partitions} — state partitions of stateful operators (default:
 *       the number of cores, at least 2);
 *   <li>{@code eddy.sql.streaming.stateStore.providerClass} — state store backend: {@code memory}
 *       (default), {@code rocksdb}, or a provider class name;
 *   <li>{@code eddy.sql.streaming.noDataMicroBatches.enabled} — run no-data batches for timeouts
 *       (default true);
 *   <li>{@code eddy.sql.streaming.multipleWatermarkPolicy} — {@code min} (default) or {@code max};
 *   <li>{@code eddy.sql.streaming.stateGrowthWarningBatches} — after how many batches of
 *       unbounded state growth without timeouts a warning is logged (default 20);
 *   <li>{@code eddy.workerThreads} — worker pool size (default: the number of cores).
 * </ul>
 *
 * <p>Thread safety: a session may be used from any thread.
 */
public final class EddySession implements AutoCloseable {
  private static final AtomicInteger POOLS = new AtomicInteger();
  private static volatile EddySession active;

  private final String appName;
  private final SessionConf conf;
  private final Clock clock;
  private final ExecutorService workers;
  private final StreamingQueryManager streams = new StreamingQueryManager();
  private volatile boolean closed;

  private EddySession(String appName, SessionConf conf, Clock clock) {
    this.appName = appName;
    this.conf = conf;
    this.clock = clock;
    int pool = POOLS.incrementAndGet();
    AtomicInteger n = new AtomicInteger();
    this.workers = Executors.newFixedThreadPool(conf.workerThreads(), r -> {
      Thread t = new Thread(r, "eddy-worker-" + pool + "-" + n.incrementAndGet());
      t.setDaemon(true);
      return t;
    });
  }

  /** A builder of sessions. */
  public static Builder builder() {
    return new Builder();
  }

  /** Builds sessions, like Spark's {@code SparkSession.builder()}. */
  public static final class Builder {
    private String appName = "eddy";
    private final Map<String, String> settings = new LinkedHashMap<>();
    private Clock clock = Clock.system();

    private Builder() {}

    public Builder appName(String name) {
      this.appName = name;
      return this;
    }

    /** Accepted for Spark compatibility; Eddy always runs in this JVM. */
    public Builder master(String master) {
      return this;
    }

    /**
     * Sets a setting.
     *
     * @throws IllegalArgumentException naming the key when it is an unknown {@code eddy.} setting
     */
    public Builder config(String key, String value) {
      SessionConf.normalise(key);
      settings.put(key, value);
      return this;
    }

    public Builder config(String key, long value) {
      return config(key, Long.toString(value));
    }

    public Builder config(String key, boolean value) {
      return config(key, Boolean.toString(value));
    }

    /** The clock for batch timestamps, triggers and processing-time timeouts (tests inject one). */
    public Builder clock(Clock clock) {
      this.clock = clock;
      return this;
    }

    /**
     * A new session with these settings. Unlike Spark, every call makes a new session (the last one
     * made is {@link EddySession#active()}).
     *
     * @throws IllegalArgumentException naming the setting when one is malformed
     */
    public EddySession getOrCreate() {
      EddySession s = new EddySession(appName, new SessionConf(settings), clock);
      active = s;
      return s;
    }
  }

  /** The session made last, or null. */
  public static EddySession active() {
    return active;
  }

  public String appName() {
    return appName;
  }

  /** The session's settings under Eddy's names. */
  public Map<String, String> conf() {
    return conf.asMap();
  }

  /** Reads a stream: {@code readStream().format("rate").option(...).load()}. */
  public DataStreamReader readStream() {
    checkOpen();
    return new DataStreamReader(this);
  }

  /** The running queries and listeners of this session. */
  public StreamingQueryManager streams() {
    return streams;
  }

  /** A static dataset of {@code rows} (for initial state and tests). */
  public <T> Dataset<T> createDataset(List<T> rows, Encoder<T> encoder) {
    return new Dataset<>(this, new LogicalPlan.LocalData(new ArrayList<>(rows), encoder));
  }

  /**
   * Everything written so far by the {@code memory} sink of the query named {@code queryName}, as
   * a static dataset.
   */
  @SuppressWarnings("unchecked")
  public <T> Dataset<T> table(String queryName, Encoder<T> encoder) {
    return createDataset((List<T>) MemorySinkTables.rows(queryName), encoder);
  }

  /** Stops every query and the worker pool. */
  public void stop() {
    close();
  }

  @Override
  public void close() {
    if (!closed) {
      closed = true;
      streams.stopAll();
      workers.shutdownNow();
    }
  }

  private void checkOpen() {
    if (closed) {
      throw new IllegalStateException("Session '" + appName + "' is closed");
    }
  }

  static {
    ApiAccess.register(
        new ApiAccess.Bridge() {
          @Override
          public SessionConf conf(EddySession s) {
            return s.conf;
          }

          @Override
          public Clock clock(EddySession s) {
            return s.clock;
          }

          @Override
          public ExecutorService workers(EddySession s) {
            return s.workers;
          }

          @Override
          public LogicalPlan plan(Dataset<?> d) {
            return d.plan();
          }

          @Override
          public EddySession session(Dataset<?> d) {
            return d.session();
          }

          @Override
          public <T> Dataset<T> dataset(EddySession s, LogicalPlan plan) {
            return new Dataset<>(s, plan);
          }
        });
  }
}
