package dev.eddy.testkit.conformance;

/**
 * The input row of every conformance scenario.
 *
 * @param key the grouping key
 * @param ts the event time in epoch milliseconds
 * @param v a value
 */
public record Event(String key, long ts, long v) {}
