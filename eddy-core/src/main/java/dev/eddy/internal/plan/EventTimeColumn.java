package dev.eddy.internal.plan;

import dev.eddy.Encoder;
import dev.eddy.Row;
import dev.eddy.internal.codec.TypeEncoder;
import dev.eddy.internal.codec.TypeInfo;
import java.io.Serializable;
import java.time.Instant;
import java.util.Date;

/**
 * Reads the event time, in epoch milliseconds, of a row from a named column: a record or bean
 * field, or a {@link Row} column, of type {@code long}/{@code Long} (milliseconds), {@link
 * java.sql.Timestamp}, {@link Date} or {@link Instant}.
 */
public final class EventTimeColumn implements Serializable {
  private static final long serialVersionUID = 1L;
  private final String column;
  private final transient TypeInfo.FieldInfo field;
  private final boolean row;

  private EventTimeColumn(String column, TypeInfo.FieldInfo field, boolean row) {
    this.column = column;
    this.field = field;
    this.row = row;
  }

  /**
   * The column {@code column} of rows encoded by {@code encoder}, or null when they have no such
   * column of a time type.
   */
  public static EventTimeColumn find(Encoder<?> encoder, String column) {
    TypeInfo<?> info = TypeEncoder.cast(encoder).info();
    if (info.kind() == TypeInfo.Kind.ROW) {
      java.util.List<String> columns = encoder.columnNames();
      return columns.isEmpty() || columns.contains(column) ? new EventTimeColumn(column, null, true) : null;
    }
    TypeInfo.FieldInfo f = info.field(column);
    if (f == null || !isTimeType(f.type())) {
      return null;
    }
    return new EventTimeColumn(column, f, false);
  }

  private static boolean isTimeType(Class<?> t) {
    return t == long.class || t == Long.class || Date.class.isAssignableFrom(t) || t == Instant.class;
  }

  public String column() {
    return column;
  }

  /** The event time of {@code value} in epoch milliseconds. */
  public long millis(Object value) {
    if (!row && field.type() == long.class) {
      return field.getLong(value);
    }
    Object v = row ? ((Row) value).get(column) : field.get(value);
    if (v instanceof Long) {
      return (Long) v;
    }
    if (v instanceof Date) {
      return ((Date) v).getTime();
    }
    if (v instanceof Instant) {
      return ((Instant) v).toEpochMilli();
    }
    if (v == null) {
      throw new IllegalArgumentException("Event-time column '" + column + "' is null in row " + value);
    }
    throw new IllegalArgumentException(
        "Event-time column '" + column + "' has type " + v.getClass().getName() + "; expected long ms, Timestamp or Instant");
  }
}
