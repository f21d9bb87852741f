package dev.eddy.files.internal;

/**
 * A line that a {@link RecordParser} could not fully read. Carries the partial record that
 * PERMISSIVE mode keeps: the fields that were read, null for the others.
 *
 * <p>Thread safety: immutable once thrown.
 */
final class MalformedRecordException extends Exception {
  private static final long serialVersionUID = 1L;
  private final transient Object[] partial;

  MalformedRecordException(String reason, Object[] partial, Throwable cause) {
    super(reason, cause, false, false);
    this.partial = partial;
  }

  /** The values that could be read, null for the others. */
  Object[] partial() {
    return partial;
  }
}
