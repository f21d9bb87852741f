package dev.eddy.internal.exec;

/**
 * A user state function threw: names the operator as the user wrote it, the batch and the key
 * (SEMANTICS B8); the user's exception is the cause.
 */
public final class StateFunctionException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  StateFunctionException(String operator, long batchId, Object key, Throwable cause) {
    super("User function of " + operator + " failed in batch " + batchId + " for key '" + key + "': " + cause, cause);
  }
}
