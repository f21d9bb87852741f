package dev.eddy.internal.checkpoint;

/**
 * What the offset log records for a batch before it runs: enough to re-execute it identically
 * after a crash (SEMANTICS C2, G6, W2).
 *
 * @param batchId the batch
 * @param startOffset the source offset the batch starts after (JSON), or null for the beginning
 * @param endOffset the source offset the batch reads up to (JSON), or null when the source had no
 *     data yet
 * @param timestampMs the batch timestamp
 * @param watermarkMs the eviction watermark of the batch
 * @param lateWatermarkMs the watermark for dropping late rows (the previous batch's eviction one)
 */
public record OffsetEntry(
    long batchId, String startOffset, String endOffset, long timestampMs, long watermarkMs, long lateWatermarkMs) {}
