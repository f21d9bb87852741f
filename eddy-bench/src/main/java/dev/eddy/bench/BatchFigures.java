package dev.eddy.bench;

/**
 * The figures of one completed batch that the harness reads from either engine's {@code
 * StreamingQueryProgress} (Spark and Eddy use the same field names).
 *
 * @param batchId the batch
 * @param inputRows rows read in the batch
 * @param durationMs the batch's duration
 * @param stateRows the stateful operator's {@code numRowsTotal} after the batch
 * @param stateMemoryBytes the operator's {@code memoryUsedBytes}
 * @param rowsRemoved the operator's {@code numRowsRemoved} (closed sessions in W2 and W5)
 */
public record BatchFigures(
    long batchId, long inputRows, long durationMs, long stateRows, long stateMemoryBytes, long rowsRemoved) {}
