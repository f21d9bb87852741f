/**
 * The logical plan: immutable nodes built by the {@code Dataset} API, checked by {@link
 * dev.eddy.internal.plan.Analyzer} (SEMANTICS Q), and interpreted by a runner. Plans are data so
 * that other runners (Spark) and {@code explain()} can read them. Depends on the public API
 * packages and {@code dev.eddy.internal.codec} only.
 */
package dev.eddy.internal.plan;
