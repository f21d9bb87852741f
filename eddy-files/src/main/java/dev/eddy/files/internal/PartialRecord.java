package dev.eddy.files.internal;

/**
 * The values of one record being parsed: fields are put one by one, a field that fails to convert
 * stays null, and the first problem is kept to explain the malformed record.
 *
 * <p>Thread safety: confined to the thread parsing the line.
 */
final class PartialRecord {
  /** Reads one field's value. */
  @FunctionalInterface
  interface FieldValue {
    Object get();
  }

  private final ColumnSchema schema;
  private final Object[] values;
  private String problem;
  private Throwable cause;

  PartialRecord(ColumnSchema schema) {
    this.schema = schema;
    this.values = new Object[schema.size()];
  }

  /** Sets field {@code i}; when {@code value} throws IllegalArgumentException the field stays null. */
  void put(int i, FieldValue value) {
    try {
      values[i] = value.get();
    } catch (IllegalArgumentException e) {
      fail("field '" + schema.name(i) + "': " + e.getMessage(), e);
    }
  }

  /** Marks the record malformed, unless it is already. */
  void fail(String reason, Throwable why) {
    if (problem == null) {
      problem = reason;
      cause = why;
    }
  }

  /** Fails now, with the fields read so far. */
  MalformedRecordException malformed(String reason, Throwable why) {
    return new MalformedRecordException(reason, values, why);
  }

  /**
   * The values, all fields put.
   *
   * @throws MalformedRecordException with the first problem when there was one
   */
  Object[] complete() throws MalformedRecordException {
    if (problem != null) {
      throw new MalformedRecordException(problem, values, cause);
    }
    return values;
  }
}
