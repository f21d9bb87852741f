/**
 * The query's write-ahead logs — offsets before a batch runs, commits after it (SEMANTICS C1, C2) —
 * their file format ({@code LogFile}), and {@link dev.eddy.internal.checkpoint.CheckpointIO}, the
 * one way every checkpoint byte is written (atomic, durable, with a fault-injection seam) that the
 * state backends, sources and sinks use too. May depend on {@code dev.eddy.spi} and {@code
 * dev.eddy.internal.json}.
 */
package dev.eddy.internal.checkpoint;
