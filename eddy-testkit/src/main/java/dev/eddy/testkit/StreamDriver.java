package dev.eddy.testkit;

import dev.eddy.Dataset;
import dev.eddy.EddySession;
import dev.eddy.Encoder;
import dev.eddy.internal.exec.StreamingQueryImpl;
import dev.eddy.spi.ManualClock;
import dev.eddy.streaming.MemoryStream;
import dev.eddy.streaming.StreamingQuery;
import dev.eddy.streaming.StreamingQueryException;
import dev.eddy.streaming.Trigger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Steps a streaming query batch by batch, the way Spark's {@code StreamTest} does: rows go in
 * through a {@link MemoryStream}, time moves only when the test says ({@link ManualClock}), and
 * every batch the sink receives is recorded.
 *
 * <pre>{@code
 * try (StreamDriver<Event, Count> d = StreamDriver.of(Encoders.bean(Event.class),
 *         events -> events.groupByKey(Event::key, Encoders.STRING()).mapGroupsWithState(...))
 *     .outputMode("update").start()) {
 *   d.addData(new Event("a", 1000, 1));
 *   d.processAllAvailable();
 *   d.assertLastBatch(new Count("a", 1));
 * }
 * }</pre>
 *
 * With the default trigger, {@link #processAllAvailable()} runs the batch for the data added and
 * the no-data batches it causes. With {@code Trigger.ProcessingTime(n)}, {@link #addData} only
 * queues rows and {@link #advanceClock(long)} runs what the triggers up to the new time run.
 *
 * <p>Thread safety: drive it from one test thread.
 */
public final class StreamDriver<I, O> implements AutoCloseable {
  private final Encoder<I> inputEncoder;
  private final Function<Dataset<I>, Dataset<O>> pipeline;
  private final Map<String, String> settings = new LinkedHashMap<>();
  private final ManualClock clock = new ManualClock();
  private final List<Batch<O>> batches = Collections.synchronizedList(new ArrayList<>());
  private String outputMode = "append";
  private Trigger trigger = Trigger.defaultTrigger();
  private EddySession session;
  private MemoryStream<I> input;
  private StreamingQuery query;
  private java.nio.file.Path checkpoint;

  private StreamDriver(Encoder<I> inputEncoder, Function<Dataset<I>, Dataset<O>> pipeline) {
    this.inputEncoder = inputEncoder;
    this.pipeline = pipeline;
  }

  /** A driver for {@code pipeline} over a memory stream of {@code inputEncoder} rows. */
  public static <I, O> StreamDriver<I, O> of(Encoder<I> inputEncoder, Function<Dataset<I>, Dataset<O>> pipeline) {
    return new StreamDriver<>(inputEncoder, pipeline);
  }

  /**
   * A setting, such as {@code eddy.sql.shuffle.partitions}: applied to the session and, as a
   * query-level setting, to every (re)start, so a change between restarts takes effect.
   */
  public StreamDriver<I, O> config(String key, Object value) {
    settings.put(key, String.valueOf(value));
    return this;
  }

  public StreamDriver<I, O> outputMode(String mode) {
    this.outputMode = mode;
    return this;
  }

  public StreamDriver<I, O> trigger(Trigger trigger) {
    this.trigger = trigger;
    return this;
  }

  /** Runs the query with a checkpoint in {@code dir}, so {@link #restart()} resumes from it. */
  public StreamDriver<I, O> checkpoint(java.nio.file.Path dir) {
    this.checkpoint = dir;
    return this;
  }

  /**
   * Builds the session and starts the query; rejections (analysis errors, bad options) are thrown
   * from here.
   */
  public StreamDriver<I, O> start() {
    ensureSession();
    Dataset<O> out = pipeline.apply(input.toDS());
    var writer = out.writeStream()
        .outputMode(outputMode)
        .trigger(trigger)
        .foreachBatch((ds, id) -> record(id, ds.collectAsList()));
    if (checkpoint != null) {
      writer.option("checkpointLocation", checkpoint.toString());
    }
    settings.forEach(writer::option);
    query = writer.start();
    if (trigger.kind() == Trigger.Kind.PROCESSING_TIME) {
      awaitIdle();
    }
    return this;
  }

  /** Makes the session and the input stream on first use, so rows may be added before start. */
  private void ensureSession() {
    if (session == null) {
      EddySession.Builder b = EddySession.builder().appName("stream-driver").clock(clock);
      settings.forEach(b::config);
      session = b.getOrCreate();
      input = MemoryStream.of(session, inputEncoder);
    }
  }

  private void record(long batchId, List<O> rows) {
    synchronized (batches) {
      if (batches.isEmpty() || batches.get(batches.size() - 1).batchId() < batchId) {
        batches.add(new Batch<>(batchId, List.copyOf(rows)));
      }
    }
  }

  /** Adds rows as one offset of the input stream. */
  @SafeVarargs
  public final StreamDriver<I, O> addData(I... rows) {
    return addData(Arrays.asList(rows));
  }

  /** Adds rows as one offset of the input stream (before or after {@link #start()}). */
  public StreamDriver<I, O> addData(List<I> rows) {
    ensureSession();
    input.addData(rows);
    return this;
  }

  /** Moves the manual clock forward and waits for the triggers that became due. */
  public StreamDriver<I, O> advanceClock(long ms) throws StreamingQueryException {
    clock.advance(ms);
    if (trigger.kind() == Trigger.Kind.PROCESSING_TIME) {
      awaitIdle();
    }
    return this;
  }

  /** Runs everything available now (default trigger) or waits for due triggers (processing time). */
  public StreamDriver<I, O> processAllAvailable() throws StreamingQueryException {
    if (trigger.kind() == Trigger.Kind.PROCESSING_TIME) {
      awaitIdle();
    } else {
      query.processAllAvailable();
    }
    return this;
  }

  private void awaitIdle() {
    try {
      ((StreamingQueryImpl) query).awaitTriggerIdle();
    } catch (StreamingQueryException e) {
      throw new IllegalStateException(e);
    }
  }

  /** Every batch so far, oldest first. */
  public List<Batch<O>> batches() {
    synchronized (batches) {
      return List.copyOf(batches);
    }
  }

  /** The last batch; fails when none ran. */
  public Batch<O> lastBatch() {
    List<Batch<O>> all = batches();
    if (all.isEmpty()) {
      throw new AssertionError("No batch has run yet");
    }
    return all.get(all.size() - 1);
  }

  /** Asserts the last batch holds exactly {@code expected}, in any order, printing all batches if not. */
  @SafeVarargs
  public final void assertLastBatch(O... expected) {
    List<Object> want = new ArrayList<>(Arrays.asList(expected));
    List<Object> got = new ArrayList<>(lastBatch().rows());
    for (Object o : expected) {
      if (!got.remove(o)) {
        throw new AssertionError(mismatch(want));
      }
    }
    if (!got.isEmpty()) {
      throw new AssertionError(mismatch(want));
    }
  }

  private String mismatch(List<Object> want) {
    StringBuilder sb = new StringBuilder("Last batch differs.\nExpected rows: " + want + "\nBatches so far:\n");
    for (Batch<O> b : batches()) {
      sb.append("  batch ").append(b.batchId()).append(": ").append(b.rows()).append('\n');
    }
    return sb.toString();
  }

  /** The clock the query runs on. */
  public ManualClock clock() {
    return clock;
  }

  /** The running query. */
  public StreamingQuery query() {
    return query;
  }

  /** The session. */
  public EddySession session() {
    return session;
  }

  /** Stops the query; the input and the recorded batches stay. */
  public StreamDriver<I, O> stop() {
    query.stop();
    return this;
  }

  /**
   * Stops the query and starts it again on the same input and checkpoint (set with {@link
   * #checkpoint}): it resumes at the first batch not committed.
   */
  public StreamDriver<I, O> restart() {
    if (checkpoint == null) {
      throw new IllegalStateException("restart() needs a checkpoint: call checkpoint(dir) before start()");
    }
    stop();
    return start();
  }

  /** Stops the query and closes the session. */
  @Override
  public void close() {
    if (query != null) {
      query.stop();
    }
    if (session != null) {
      session.close();
    }
  }
}
