package dev.eddy.streaming;

import dev.eddy.internal.json.JsonWriter;
import java.util.Map;

/** What the sink received in one batch, with Spark's field names. */
public record SinkProgress(String description, long numOutputRows, Map<String, String> metrics) {

  /** The compact JSON form. */
  public String json() {
    JsonWriter w = new JsonWriter(false);
    writeTo(w);
    return w.toString();
  }

  void writeTo(JsonWriter w) {
    w.beginObject()
        .field("description", description)
        .field("numOutputRows", numOutputRows)
        .mapField("metrics", metrics)
        .endObject();
  }
}
