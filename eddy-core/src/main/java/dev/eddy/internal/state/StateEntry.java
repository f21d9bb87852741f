package dev.eddy.internal.state;

/**
 * What the stateful operator stores per key: the state value (null for a timeout-only entry,
 * SEMANTICS G8) and the timeout timestamp ({@link #NO_TIMESTAMP} when none).
 */
public record StateEntry(Object value, long timeoutMs) {
  /** No timeout set. */
  public static final long NO_TIMESTAMP = -1L;
}
