package dev.eddy.internal.exec;

/**
 * The facts of one micro-batch, fixed when it is planned and logged with its offsets so that a
 * re-executed batch sees the same ones (SEMANTICS C2, G6, W2).
 *
 * @param batchId the batch id
 * @param timestampMs the batch timestamp ({@code getCurrentProcessingTimeMs})
 * @param evictionWatermarkMs the watermark for timeouts and {@code getCurrentWatermarkMs}
 * @param lateWatermarkMs the watermark for dropping late rows: the previous batch's eviction
 *     watermark
 */
record BatchContext(long batchId, long timestampMs, long evictionWatermarkMs, long lateWatermarkMs) {}
