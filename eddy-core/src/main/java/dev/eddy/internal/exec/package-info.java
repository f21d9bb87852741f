/**
 * The local runner: micro-batch planning and execution, the stateful operator, the {@code
 * GroupState} implementation, grouping, watermarks, progress. May depend on every other internal
 * package; nothing outside {@code dev.eddy} (the session) depends on it.
 */
package dev.eddy.internal.exec;
