package dev.eddy.streaming;

/**
 * A query stopped because of an error. The message names the query, and for a failing user
 * function the operator, the batch and the key (SEMANTICS B8); the cause chain reaches the
 * original exception.
 */
public class StreamingQueryException extends Exception {
  private static final long serialVersionUID = 1L;
  private final String startOffset;
  private final String endOffset;

  public StreamingQueryException(String message, Throwable cause, String startOffset, String endOffset) {
    super(message, cause);
    this.startOffset = startOffset;
    this.endOffset = endOffset;
  }

  /** The start offsets (JSON) of the batch that failed, or null. */
  public String startOffset() {
    return startOffset;
  }

  /** The end offsets (JSON) of the batch that failed, or null. */
  public String endOffset() {
    return endOffset;
  }
}
