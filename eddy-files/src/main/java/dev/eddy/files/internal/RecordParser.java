package dev.eddy.files.internal;

/**
 * Parses one line of a file into the values of a {@link ColumnSchema}'s columns, converted to the
 * columns' types.
 *
 * <p>Thread safety: implementations are immutable and shared by the threads reading partitions.
 */
interface RecordParser {
  /**
   * The values of {@code line}, or null when the line holds no record (a blank line of a JSON or
   * CSV file).
   *
   * @throws MalformedRecordException when the line or one of its fields cannot be read; it
   *     carries the values that could be read, with null for the others
   */
  Object[] parse(String line) throws MalformedRecordException;
}
