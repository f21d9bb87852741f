package dev.eddy.streaming;

import dev.eddy.internal.json.JsonWriter;
import java.util.Map;

/**
 * What a stateful operator did in one batch, with Spark's field names.
 *
 * @param operatorName the operator as the user wrote it
 * @param numRowsTotal state entries after the batch
 * @param numRowsUpdated entries written in the batch
 * @param allUpdatesTimeMs time spent in calls for keys with data
 * @param numRowsRemoved entries removed in the batch
 * @param allRemovalsTimeMs time spent in timeout calls
 * @param commitTimeMs time spent committing the state stores (slowest partition)
 * @param memoryUsedBytes an estimate of the memory the state holds
 * @param numRowsDroppedByWatermark late input rows dropped before the operator (SEMANTICS W3)
 * @param numShufflePartitions the number of state partitions
 * @param numStateStoreInstances state stores used
 * @param customMetrics backend figures and Eddy's own (such as {@code stateGrowthBatches})
 */
public record StateOperatorProgress(
    String operatorName,
    long numRowsTotal,
    long numRowsUpdated,
    long allUpdatesTimeMs,
    long numRowsRemoved,
    long allRemovalsTimeMs,
    long commitTimeMs,
    long memoryUsedBytes,
    long numRowsDroppedByWatermark,
    long numShufflePartitions,
    long numStateStoreInstances,
    Map<String, Long> customMetrics) {

  /** The compact JSON form. */
  public String json() {
    JsonWriter w = new JsonWriter(false);
    writeTo(w);
    return w.toString();
  }

  void writeTo(JsonWriter w) {
    w.beginObject()
        .field("operatorName", operatorName)
        .field("numRowsTotal", numRowsTotal)
        .field("numRowsUpdated", numRowsUpdated)
        .field("allUpdatesTimeMs", allUpdatesTimeMs)
        .field("numRowsRemoved", numRowsRemoved)
        .field("allRemovalsTimeMs", allRemovalsTimeMs)
        .field("commitTimeMs", commitTimeMs)
        .field("memoryUsedBytes", memoryUsedBytes)
        .field("numRowsDroppedByWatermark", numRowsDroppedByWatermark)
        .field("numShufflePartitions", numShufflePartitions)
        .field("numStateStoreInstances", numStateStoreInstances)
        .mapField("customMetrics", customMetrics)
        .endObject();
  }
}
