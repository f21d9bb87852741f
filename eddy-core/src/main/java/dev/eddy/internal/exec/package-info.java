/**
 * The local runner: micro-batch planning and execution, the stateful operator, the {@code
 * GroupState} implementation, grouping, watermarks, progress. May depend on every other internal
 * package. Outside the core, only the test kit's {@code StreamDriver} (to wait for an idle
 * trigger) and eddy-bench's JMH benchmarks (key grouping) use it.
 */
package dev.eddy.internal.exec;
