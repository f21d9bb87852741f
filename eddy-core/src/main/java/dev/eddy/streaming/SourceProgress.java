package dev.eddy.streaming;

import dev.eddy.internal.json.JsonWriter;
import java.util.Map;

/**
 * What a source contributed to one batch, with Spark's field names. Offsets are in their JSON
 * form.
 */
public record SourceProgress(
    String description,
    String startOffset,
    String endOffset,
    String latestOffset,
    long numInputRows,
    double inputRowsPerSecond,
    double processedRowsPerSecond,
    Map<String, String> metrics) {

  /** The compact JSON form. */
  public String json() {
    JsonWriter w = new JsonWriter(false);
    writeTo(w);
    return w.toString();
  }

  void writeTo(JsonWriter w) {
    w.beginObject()
        .field("description", description)
        .rawField("startOffset", startOffset)
        .rawField("endOffset", endOffset)
        .rawField("latestOffset", latestOffset)
        .field("numInputRows", numInputRows)
        .field("inputRowsPerSecond", inputRowsPerSecond)
        .field("processedRowsPerSecond", processedRowsPerSecond)
        .mapField("metrics", metrics)
        .endObject();
  }
}
