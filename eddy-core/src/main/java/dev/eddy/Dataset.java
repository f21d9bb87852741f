package dev.eddy;

import dev.eddy.function.FilterFunction;
import dev.eddy.function.FlatMapFunction;
import dev.eddy.function.MapFunction;
import dev.eddy.internal.codec.TypeEncoder;
import dev.eddy.internal.plan.EventTimeColumn;
import dev.eddy.internal.plan.LocalEvaluator;
import dev.eddy.internal.plan.LogicalPlan;
import dev.eddy.internal.plan.RowConverter;
import dev.eddy.internal.sink.TableFormatter;
import dev.eddy.internal.time.Durations;
import dev.eddy.streaming.DataStreamWriter;
import java.util.ArrayList;
import java.util.List;

/**
 * A typed, immutable description of rows: either a stream (from {@link
 * EddySession#readStream()}) or a static list (from {@link EddySession#createDataset}, or the
 * batch handed to {@code foreachBatch}). Transformations build a plan and run nothing; a stream
 * runs when {@code writeStream().start()} is called, a static dataset when it is collected.
 *
 * <p>Thread safety: immutable; may be shared between threads.
 *
 * @param <T> the row type
 */
public final class Dataset<T> {
  private final EddySession session;
  private final LogicalPlan plan;

  Dataset(EddySession session, LogicalPlan plan) {
    this.session = session;
    this.plan = plan;
  }

  LogicalPlan plan() {
    return plan;
  }

  EddySession session() {
    return session;
  }

  /** The encoder of the rows. */
  @SuppressWarnings("unchecked")
  public Encoder<T> encoder() {
    return (Encoder<T>) plan.encoder();
  }

  /** Whether this dataset reads a stream. */
  public boolean isStreaming() {
    return plan.isStreaming();
  }

  /** Applies {@code fn} to every row. */
  @SuppressWarnings("unchecked")
  public <U> Dataset<U> map(MapFunction<T, U> fn, Encoder<U> encoder) {
    return new Dataset<>(session, new LogicalPlan.MapRows(plan, (MapFunction<Object, Object>) fn, encoder));
  }

  /** Keeps the rows for which {@code fn} returns true. */
  @SuppressWarnings("unchecked")
  public Dataset<T> filter(FilterFunction<T> fn) {
    return new Dataset<>(session, new LogicalPlan.FilterRows(plan, (FilterFunction<Object>) fn));
  }

  /** Replaces every row by the rows {@code fn} returns. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public <U> Dataset<U> flatMap(FlatMapFunction<T, U> fn, Encoder<U> encoder) {
    return new Dataset<>(session, new LogicalPlan.FlatMapRows(plan, (FlatMapFunction) fn, encoder));
  }

  /**
   * Defines the event-time watermark: {@code eventTime} names a field (record component, bean
   * property or row column) holding epoch milliseconds as {@code long}, a {@link
   * java.sql.Timestamp} or an {@link java.time.Instant}; {@code delayThreshold} is how late rows
   * may arrive, such as {@code "10 seconds"} (SEMANTICS W1–W3).
   *
   * @throws AnalysisException naming the column when the rows have no such time field
   * @throws IllegalArgumentException when the delay is malformed or negative
   */
  public Dataset<T> withWatermark(String eventTime, String delayThreshold) {
    long delay = Durations.parseMillis(delayThreshold);
    if (delay < 0) {
      throw new IllegalArgumentException("Watermark delay threshold must not be negative: '" + delayThreshold + "'");
    }
    EventTimeColumn column = EventTimeColumn.find(plan.encoder(), eventTime);
    if (column == null) {
      throw new AnalysisException(
          "withWatermark: no event-time column '" + eventTime + "' of type long (ms), Timestamp or Instant in "
              + plan.encoder().schemaString());
    }
    return new Dataset<>(session, new LogicalPlan.Watermark(plan, eventTime, delay, column));
  }

  /**
   * Views rows as {@code encoder}'s type: each record or bean field takes the column of the same
   * name (Spark's {@code Dataset.as}). Meant for {@link Row} datasets, such as a file source with
   * a declared schema.
   *
   * @throws AnalysisException when this dataset's rows are neither {@link Row}s nor already of
   *     {@code encoder}'s type
   */
  public <U> Dataset<U> as(Encoder<U> encoder) {
    if (encoder.clazz().isAssignableFrom(plan.encoder().clazz())) {
      @SuppressWarnings("unchecked")
      Dataset<U> same = (Dataset<U>) this;
      return same;
    }
    if (!Row.class.isAssignableFrom(plan.encoder().clazz())) {
      throw new AnalysisException("Dataset.as(" + encoder.clazz().getName() + ") needs a dataset of Row, but its rows are "
          + plan.encoder().clazz().getName() + "; use map() to convert typed rows");
    }
    return new Dataset<>(session, new LogicalPlan.MapRows(plan, RowConverter.to(encoder), encoder));
  }

  /** Groups rows by the key {@code fn} returns, for the stateful operators. */
  public <K> KeyValueGroupedDataset<K, T> groupByKey(MapFunction<T, K> fn, Encoder<K> keyEncoder) {
    return new KeyValueGroupedDataset<>(this, fn, keyEncoder);
  }

  /** Starts describing how to write this stream. */
  public DataStreamWriter<T> writeStream() {
    return new DataStreamWriter<>(this);
  }

  /**
   * The rows of a static dataset.
   *
   * @throws AnalysisException when this dataset is a stream
   */
  @SuppressWarnings("unchecked")
  public List<T> collectAsList() {
    if (isStreaming()) {
      throw new AnalysisException("Queries with streaming sources must be executed with writeStream().start()");
    }
    return (List<T>) LocalEvaluator.collect(plan);
  }

  /** Number of rows of a static dataset. */
  public long count() {
    return collectAsList().size();
  }

  /** Prints the first 20 rows as a table. */
  public void show() {
    show(20, true);
  }

  /** Prints the first {@code numRows} rows as a table. */
  public void show(int numRows) {
    show(numRows, true);
  }

  /** Prints the first {@code numRows} rows, cutting long cells when {@code truncate}. */
  public void show(int numRows, boolean truncate) {
    System.out.print(showString(numRows, truncate));
  }

  /** The table {@link #show(int, boolean)} prints. */
  public String showString(int numRows, boolean truncate) {
    List<T> rows = collectAsList();
    TypeEncoder<T> enc = TypeEncoder.cast(encoder());
    List<Object[]> cells = new ArrayList<>();
    for (T r : rows) {
      cells.add(enc.columnValues(r));
    }
    List<String> columns = enc.columnNames();
    if (columns.isEmpty() && !rows.isEmpty() && rows.get(0) instanceof Row r) {
      columns = r.columns();
    }
    return TableFormatter.format(columns, cells, numRows, truncate);
  }

  /** Prints the plan. */
  public void explain() {
    System.out.print(LogicalPlan.tree(plan));
  }

}
