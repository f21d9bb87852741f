package dev.eddy.streaming;

import dev.eddy.Dataset;
import dev.eddy.EddySession;
import dev.eddy.function.VoidFunction2;
import dev.eddy.internal.ApiAccess;
import dev.eddy.internal.exec.QueryStarter;
import dev.eddy.internal.plan.LogicalPlan;
import dev.eddy.spi.Sink;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Describes where and how a stream is written, then starts it: {@code
 * writeStream().format("console").outputMode("update").start()}. Sink formats in the core: {@code
 * console} (options {@code numRows}, {@code truncate}), {@code memory} (needs {@link #queryName};
 * read back with {@code EddySession.table}), {@code noop}; and {@link #foreachBatch}. Options whose
 * key starts with {@code eddy.} (or {@code spark.}) are query-level settings that override the
 * session's, such as {@code eddy.sql.streaming.stateStore.providerClass}.
 *
 * <p>Thread safety: a builder for one thread.
 */
public final class DataStreamWriter<T> {
  private final Dataset<T> dataset;
  private String format;
  private final Map<String, String> options = new LinkedHashMap<>();
  private OutputMode outputMode = OutputMode.Append();
  private Trigger trigger = Trigger.defaultTrigger();
  private String queryName;
  private VoidFunction2<Dataset<T>, Long> foreachBatch;

  public DataStreamWriter(Dataset<T> dataset) {
    this.dataset = dataset;
  }

  /** The sink format, such as {@code "console"}. */
  public DataStreamWriter<T> format(String sink) {
    this.format = sink;
    return this;
  }

  public DataStreamWriter<T> option(String key, String value) {
    options.put(key.startsWith("eddy.") || key.startsWith("spark.") ? key : key.toLowerCase(Locale.ROOT), value);
    return this;
  }

  public DataStreamWriter<T> option(String key, long value) {
    return option(key, Long.toString(value));
  }

  public DataStreamWriter<T> option(String key, boolean value) {
    return option(key, Boolean.toString(value));
  }

  public DataStreamWriter<T> options(Map<String, String> opts) {
    opts.forEach(this::option);
    return this;
  }

  /** {@code "append"} (default) or {@code "update"}; {@code "complete"} is rejected at start. */
  public DataStreamWriter<T> outputMode(String mode) {
    this.outputMode = OutputMode.fromString(mode);
    return this;
  }

  public DataStreamWriter<T> outputMode(OutputMode mode) {
    this.outputMode = mode;
    return this;
  }

  /** When batches run; the default runs them back to back. */
  public DataStreamWriter<T> trigger(Trigger trigger) {
    this.trigger = trigger;
    return this;
  }

  /** The query's name, unique among a session's running queries. */
  public DataStreamWriter<T> queryName(String name) {
    this.queryName = name;
    return this;
  }

  /**
   * Calls {@code function} with each batch's output as a static dataset and the batch id. The
   * function may see a batch id again after a crash and should then do nothing new.
   */
  public DataStreamWriter<T> foreachBatch(VoidFunction2<Dataset<T>, Long> function) {
    this.foreachBatch = function;
    this.format = "foreachBatch";
    return this;
  }

  /**
   * Starts the query on its own thread.
   *
   * @throws dev.eddy.AnalysisException when the query breaks a rule or an option is bad
   * @throws IllegalArgumentException for Complete output mode on a stateful query
   */
  @SuppressWarnings("unchecked")
  public StreamingQuery start() {
    ApiAccess.Bridge api = ApiAccess.get();
    EddySession session = api.session(dataset);
    LogicalPlan root = api.plan(dataset);
    Sink<Object> sink = null;
    if (foreachBatch != null) {
      VoidFunction2<Dataset<T>, Long> fn = foreachBatch;
      sink = (batchId, rows) -> fn.call(
          (Dataset<T>) api.dataset(session, new LogicalPlan.LocalData(List.copyOf(rows), root.encoder())), batchId);
    }
    return QueryStarter.start(
        new QueryStarter.Request(
            root, format, Map.copyOf(options), sink, outputMode, trigger, queryName, api.conf(session),
            api.clock(session), api.workers(session), session.streams()));
  }

  /** Starts the query writing to {@code path} (the {@code path} option). */
  public StreamingQuery start(String path) {
    option("path", path);
    return start();
  }
}
