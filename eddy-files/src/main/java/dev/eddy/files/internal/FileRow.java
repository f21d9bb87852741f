package dev.eddy.files.internal;

import dev.eddy.Row;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * A row read from a file: the schema's column names and the values converted to the columns'
 * types (boxed; null where a field was missing or malformed).
 *
 * <p>Thread safety: immutable once made (the values array is not exposed).
 */
final class FileRow implements Row {
  private final List<String> columns;
  private final Object[] values;

  FileRow(List<String> columns, Object[] values) {
    this.columns = columns;
    this.values = values;
  }

  @Override
  public List<String> columns() {
    return columns;
  }

  @Override
  public int length() {
    return values.length;
  }

  @Override
  public Object get(int i) {
    return values[i];
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof FileRow r && r.columns.equals(columns) && Arrays.equals(r.values, values);
  }

  @Override
  public int hashCode() {
    return Objects.hash(columns, Arrays.hashCode(values));
  }

  /** As Spark prints a row: {@code [a,1,null]}. */
  @Override
  public String toString() {
    StringBuilder sb = new StringBuilder("[");
    for (int i = 0; i < values.length; i++) {
      sb.append(i == 0 ? "" : ",").append(values[i]);
    }
    return sb.append(']').toString();
  }
}
