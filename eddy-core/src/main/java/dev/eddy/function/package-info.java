/**
 * Functional interfaces for user code, named and shaped as Spark's {@code org.apache.spark.api.java.function}.
 *
 * <p>Every interface extends {@link java.io.Serializable}: the Spark runner ships user functions to
 * executors. Java serialization is used for that only, never for state or checkpoints. Depends on
 * nothing but {@code dev.eddy.streaming} (for {@code GroupState}).
 *
 * <p>Thread safety: map, filter, flatMap and the stateful functions run on the session's worker
 * threads — one task per input partition or state partition, several at once — so one function
 * instance is called concurrently and must not share mutable state without synchronising it. A
 * stateful function is never called for two keys of the same state partition at once. {@link
 * dev.eddy.function.VoidFunction2} ({@code foreachBatch}) runs on the query's own thread, one batch at a
 * time.
 *
 * <p>Errors: an exception thrown by a function fails its batch, which is not committed, and stops
 * the query; {@code StreamingQuery.awaitTermination()} then throws a {@code StreamingQueryException}
 * whose cause is the function's exception (SEMANTICS B8).
 */
package dev.eddy.function;
