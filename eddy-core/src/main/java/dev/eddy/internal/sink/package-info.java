/**
 * The sinks that ship with the core: {@code console} (Spark's table layout), {@code memory}
 * (rows kept in a process-wide registry by query name, for tests and notebooks) and {@code noop}
 * (discards rows, for benchmarks). {@code foreachBatch} lives with the engine. May depend on
 * {@code dev.eddy}, {@code dev.eddy.spi} and {@code dev.eddy.internal.codec}.
 */
package dev.eddy.internal.sink;
