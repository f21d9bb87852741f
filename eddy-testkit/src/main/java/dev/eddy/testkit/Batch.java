package dev.eddy.testkit;

import java.util.List;

/**
 * The output of one micro-batch as the sink received it.
 *
 * @param batchId the batch id
 * @param rows the rows, in the order the sink got them
 */
public record Batch<T>(long batchId, List<T> rows) {}
