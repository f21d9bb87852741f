/**
 * The sources that ship with the core: {@code rate} (rows per second of wall-clock time, with
 * ramp-up) and {@code rate-micro-batch} (a fixed number of rows per batch), both producing {@link
 * dev.eddy.internal.source.RateRow}s. The in-memory test source lives with the engine. May depend
 * on {@code dev.eddy}, {@code dev.eddy.spi}, {@code dev.eddy.internal.time} and {@code
 * dev.eddy.internal.checkpoint} (the start-time file).
 */
package dev.eddy.internal.source;
