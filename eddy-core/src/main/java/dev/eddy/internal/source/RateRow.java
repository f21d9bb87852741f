package dev.eddy.internal.source;

import dev.eddy.Row;
import java.sql.Timestamp;
import java.util.List;

/**
 * A row of the rate sources: column {@code timestamp} ({@link Timestamp}) and column {@code value}
 * ({@link Long}). Holds both as primitive longs; {@link #getLong} reads the value without boxing and
 * the {@code Timestamp} is made only when asked for.
 *
 * <p>Thread safety: immutable.
 */
public final class RateRow implements Row {
  private static final List<String> COLUMNS = List.of("timestamp", "value");

  private final long timestampMillis;
  private final long value;

  public RateRow(long timestampMillis, long value) {
    this.timestampMillis = timestampMillis;
    this.value = value;
  }

  /** The timestamp in epoch milliseconds. */
  public long timestampMillis() {
    return timestampMillis;
  }

  /** The value. */
  public long value() {
    return value;
  }

  @Override
  public List<String> columns() {
    return COLUMNS;
  }

  @Override
  public int length() {
    return 2;
  }

  @Override
  public int fieldIndex(String name) {
    if ("value".equals(name)) {
      return 1;
    }
    if ("timestamp".equals(name)) {
      return 0;
    }
    return Row.super.fieldIndex(name);
  }

  @Override
  public Object get(int i) {
    switch (i) {
      case 0:
        return new Timestamp(timestampMillis);
      case 1:
        return value;
      default:
        throw new IndexOutOfBoundsException("Column index " + i + " out of range for row with columns " + COLUMNS);
    }
  }

  @Override
  public long getLong(int i) {
    return i == 1 ? value : Row.super.getLong(i);
  }

  @Override
  public long getLong(String column) {
    return getLong(fieldIndex(column));
  }

  @Override
  public Timestamp getTimestamp(int i) {
    return i == 0 ? new Timestamp(timestampMillis) : Row.super.getTimestamp(i);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof RateRow
        && ((RateRow) o).timestampMillis == timestampMillis
        && ((RateRow) o).value == value;
  }

  @Override
  public int hashCode() {
    return 31 * Long.hashCode(timestampMillis) + Long.hashCode(value);
  }

  /** As Spark prints a row: {@code [2024-01-01 00:00:00.0,5]}. */
  @Override
  public String toString() {
    return "[" + new Timestamp(timestampMillis) + "," + value + "]";
  }
}
