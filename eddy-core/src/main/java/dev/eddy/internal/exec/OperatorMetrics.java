package dev.eddy.internal.exec;

/**
 * Counters of one state partition in one batch, summed over partitions for progress. Mutable;
 * each partition task fills its own instance.
 */
final class OperatorMetrics {
  long numRowsTotal;
  long numRowsUpdated;
  long numRowsRemoved;
  long numRowsDroppedByWatermark;
  long memoryUsedBytes;
  long allUpdatesTimeNs;
  long allRemovalsTimeNs;
  long commitTimeNs;
  long numTimeouts;
  final java.util.Map<String, Long> custom = new java.util.TreeMap<>();

  void add(OperatorMetrics o) {
    numRowsTotal += o.numRowsTotal;
    numRowsUpdated += o.numRowsUpdated;
    numRowsRemoved += o.numRowsRemoved;
    numRowsDroppedByWatermark += o.numRowsDroppedByWatermark;
    memoryUsedBytes += o.memoryUsedBytes;
    allUpdatesTimeNs += o.allUpdatesTimeNs;
    allRemovalsTimeNs += o.allRemovalsTimeNs;
    commitTimeNs = Math.max(commitTimeNs, o.commitTimeNs);
    numTimeouts += o.numTimeouts;
    o.custom.forEach((k, v) -> custom.merge(k, v, Long::sum));
  }
}
