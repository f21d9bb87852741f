/**
 * The query's write-ahead logs: offsets before a batch runs, commits after it (SEMANTICS C1, C2).
 * May depend on {@code dev.eddy.spi} only.
 */
package dev.eddy.internal.checkpoint;
