/**
 * Eddy's test kit, for users' tests and Eddy's own: {@link dev.eddy.testkit.StreamDriver} steps a
 * query batch by batch with a manual clock; {@code conformance} replays scenarios whose expected
 * output Apache Spark produced; {@code state} holds the contract test every state store backend
 * runs. Depends on Eddy's public API, JUnit and AssertJ (and, for the runner only, Jackson), with
 * one exception: under a processing-time trigger {@code StreamDriver} waits for the engine's
 * trigger to go idle through {@code dev.eddy.internal.exec.StreamingQueryImpl#awaitTriggerIdle},
 * which the public {@code StreamingQuery} has no equivalent for.
 */
package dev.eddy.testkit;
