package dev.eddy.spi;

import java.util.Map;

/**
 * What a store reports after a commit.
 *
 * @param numKeys entries over all column families
 * @param memoryUsedBytes an estimate of the memory the store holds
 * @param customMetrics backend-specific figures (bytes written, cache hits, ...)
 */
public record StateStoreMetrics(long numKeys, long memoryUsedBytes, Map<String, Long> customMetrics) {}
