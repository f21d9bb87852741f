package dev.eddy;

/**
 * A query was rejected when it was started because it breaks a rule of what a query may be
 * (SEMANTICS Q): the message names the offending operator or option and says what to change.
 * Nothing has been read and no batch has run when this is thrown.
 */
public class AnalysisException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public AnalysisException(String message) {
    super(message);
  }

  public AnalysisException(String message, Throwable cause) {
    super(message, cause);
  }
}
