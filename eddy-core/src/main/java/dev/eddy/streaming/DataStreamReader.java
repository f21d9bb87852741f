package dev.eddy.streaming;

import dev.eddy.AnalysisException;
import dev.eddy.Dataset;
import dev.eddy.EddySession;
import dev.eddy.Encoder;
import dev.eddy.Encoders;
import dev.eddy.Row;
import dev.eddy.internal.ApiAccess;
import dev.eddy.internal.exec.QueryStarter;
import dev.eddy.internal.plan.LogicalPlan;
import dev.eddy.spi.Options;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Describes a streaming source: {@code readStream().format("rate").option("rowsPerSecond",
 * 100).load()}. Formats in the core: {@code rate} (options {@code rowsPerSecond}, {@code
 * rampUpTime}, {@code numPartitions}) and {@code rate-micro-batch} ({@code rowsPerBatch}, {@code
 * numPartitions}, {@code startTimestamp}, {@code advanceMillisPerBatch}); both produce rows with
 * columns {@code timestamp} and {@code value}. Options are validated when the query starts; a bad
 * one fails the start with a message naming it.
 *
 * <p>Thread safety: a builder for one thread.
 */
public final class DataStreamReader {
  private final EddySession session;
  private String format;
  private final Map<String, String> options = new LinkedHashMap<>();
  private Encoder<?> schema;

  public DataStreamReader(EddySession session) {
    this.session = session;
  }

  /** The source format, such as {@code "rate"}. */
  public DataStreamReader format(String source) {
    this.format = source;
    return this;
  }

  public DataStreamReader option(String key, String value) {
    options.put(key.toLowerCase(Locale.ROOT), value);
    return this;
  }

  public DataStreamReader option(String key, long value) {
    return option(key, Long.toString(value));
  }

  public DataStreamReader option(String key, double value) {
    return option(key, Double.toString(value));
  }

  public DataStreamReader option(String key, boolean value) {
    return option(key, Boolean.toString(value));
  }

  /**
   * Declares the fields file sources read: the fields of a record or bean encoder, in order, with
   * their types. Follow {@code load} with {@code .as(encoder)} to get typed rows.
   */
  public DataStreamReader schema(Encoder<?> schema) {
    this.schema = schema;
    return this;
  }

  /** Reads the directory {@code path} (the {@code path} option). */
  public Dataset<Row> load(String path) {
    option("path", path);
    return load();
  }

  public DataStreamReader options(Map<String, String> opts) {
    opts.forEach(this::option);
    return this;
  }

  /**
   * The stream as rows.
   *
   * @throws AnalysisException when no format was given
   */
  @SuppressWarnings("unchecked")
  public Dataset<Row> load() {
    if (format == null) {
      throw new AnalysisException("No source format: call readStream().format(...) before load()");
    }
    Encoder<?> encoder;
    try {
      encoder = QueryStarter.findSource(format).schema(new Options(format, options));
    } catch (AnalysisException e) {
      encoder = Encoders.row(); // reported, with the known formats, when the query starts
    }
    LogicalPlan plan = new LogicalPlan.StreamSource(format, Map.copyOf(options), encoder, schema, null);
    return (Dataset<Row>) (Dataset<?>) ApiAccess.get().dataset(session, plan);
  }
}
