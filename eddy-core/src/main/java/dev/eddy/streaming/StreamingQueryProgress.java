package dev.eddy.streaming;

import dev.eddy.internal.json.JsonWriter;
import java.util.Map;
import java.util.UUID;

/**
 * The report of one completed micro-batch, with Spark's field names and JSON layout.
 *
 * @param id the query id, stable across restarts from the same checkpoint
 * @param runId the id of this run
 * @param name the query name, or null
 * @param timestamp when the batch started, ISO-8601 UTC
 * @param batchId the batch id
 * @param batchDuration wall time of the batch in milliseconds
 * @param durationMs time per phase: latestOffset, queryPlanning, walCommit, getBatch, addBatch,
 *     commitOffsets, triggerExecution
 * @param eventTime min, max, avg event time of the batch and the watermark (ISO-8601), when the
 *     query has a watermark
 * @param stateOperators one entry per stateful operator
 * @param sources one entry per source
 * @param sink the sink's entry
 */
public record StreamingQueryProgress(
    UUID id,
    UUID runId,
    String name,
    String timestamp,
    long batchId,
    long batchDuration,
    Map<String, Long> durationMs,
    Map<String, String> eventTime,
    StateOperatorProgress[] stateOperators,
    SourceProgress[] sources,
    SinkProgress sink) {

  /** Input rows over all sources. */
  public long numInputRows() {
    long n = 0;
    for (SourceProgress s : sources) {
      n += s.numInputRows();
    }
    return n;
  }

  /** Input rows per second of wall time since the previous batch started. */
  public double inputRowsPerSecond() {
    double n = 0;
    for (SourceProgress s : sources) {
      n += s.inputRowsPerSecond();
    }
    return n;
  }

  /** Input rows per second of this batch's own duration. */
  public double processedRowsPerSecond() {
    double n = 0;
    for (SourceProgress s : sources) {
      n += s.processedRowsPerSecond();
    }
    return n;
  }

  /** The compact JSON form. */
  public String json() {
    return write(new JsonWriter(false));
  }

  /** The indented JSON form. */
  public String prettyJson() {
    return write(new JsonWriter(true));
  }

  private String write(JsonWriter w) {
    w.beginObject()
        .field("id", id.toString())
        .field("runId", runId.toString())
        .field("name", name)
        .field("timestamp", timestamp)
        .field("batchId", batchId)
        .field("batchDuration", batchDuration)
        .field("numInputRows", numInputRows())
        .field("inputRowsPerSecond", inputRowsPerSecond())
        .field("processedRowsPerSecond", processedRowsPerSecond())
        .mapField("durationMs", durationMs);
    if (!eventTime.isEmpty()) {
      w.mapField("eventTime", eventTime);
    }
    w.beginArray("stateOperators");
    for (StateOperatorProgress s : stateOperators) {
      w.element();
      s.writeTo(w);
    }
    w.endArray();
    w.beginArray("sources");
    for (SourceProgress s : sources) {
      w.element();
      s.writeTo(w);
    }
    w.endArray();
    w.name("sink");
    sink.writeTo(w);
    return w.endObject().toString();
  }

  @Override
  public String toString() {
    return prettyJson();
  }
}
