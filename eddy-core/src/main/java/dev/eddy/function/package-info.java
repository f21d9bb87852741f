/**
 * Functional interfaces for user code, named and shaped as Spark's {@code org.apache.spark.api.java.function}.
 *
 * <p>Every interface extends {@link java.io.Serializable}: the Spark runner ships user functions to
 * executors. Java serialization is used for that only, never for state or checkpoints. Depends on
 * nothing but {@code dev.eddy.streaming} (for {@code GroupState}).
 */
package dev.eddy.function;
