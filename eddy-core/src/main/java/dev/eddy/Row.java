package dev.eddy;

import java.sql.Timestamp;
import java.util.List;

/**
 * An untyped row with named columns, as produced by the {@code rate} sources ({@code timestamp},
 * {@code value}). Typed pipelines map rows to records early: {@code
 * .map(r -> new Event(r.getLong("value")), Encoders.bean(Event.class))}.
 *
 * <p>Thread safety: rows are immutable.
 */
public interface Row {
  /** Column names in order. */
  List<String> columns();

  /** Number of columns. */
  default int length() {
    return columns().size();
  }

  /**
   * Index of the column named {@code name}.
   *
   * @throws IllegalArgumentException naming the column and the columns there are
   */
  default int fieldIndex(String name) {
    int i = columns().indexOf(name);
    if (i < 0) {
      throw new IllegalArgumentException("No column '" + name + "' in row with columns " + columns());
    }
    return i;
  }

  /** The value of column {@code i}, boxed. */
  Object get(int i);

  default Object get(String column) {
    return get(fieldIndex(column));
  }

  @SuppressWarnings("unchecked")
  default <T> T getAs(String column) {
    return (T) get(column);
  }

  default long getLong(int i) {
    return ((Number) get(i)).longValue();
  }

  default long getLong(String column) {
    return getLong(fieldIndex(column));
  }

  default int getInt(int i) {
    return ((Number) get(i)).intValue();
  }

  default String getString(int i) {
    return (String) get(i);
  }

  default String getString(String column) {
    return getString(fieldIndex(column));
  }

  default Timestamp getTimestamp(int i) {
    return (Timestamp) get(i);
  }

  default Timestamp getTimestamp(String column) {
    return getTimestamp(fieldIndex(column));
  }
}
