package dev.eddy.internal.plan;

import dev.eddy.AnalysisException;
import dev.eddy.Encoder;
import dev.eddy.Row;
import dev.eddy.function.MapFunction;
import dev.eddy.internal.codec.TypeEncoder;
import dev.eddy.internal.codec.TypeInfo;
import java.util.List;

/**
 * Converts {@link Row}s to a record, bean or scalar type by column name, for {@code
 * Dataset.as(encoder)}: each field takes the column of the same name; a scalar takes the only
 * column (or the one named {@code value}). Numbers are widened or narrowed to the field's type.
 */
public final class RowConverter implements MapFunction<Object, Object> {
  private static final long serialVersionUID = 1L;
  private final Class<?> target;
  /** The target's fields, resolved on first use (not serialized: the Spark runner ships this). */
  private transient volatile TypeInfo<?> info;
  /** Where each field's column sits in rows with these columns; rows of a source share one list. */
  private transient volatile Layout layout;

  private record Layout(List<String> columns, int[] indexes) {}

  private RowConverter(Class<?> target) {
    this.target = target;
  }

  /**
   * A converter of rows to {@code encoder}'s type.
   *
   * @throws AnalysisException when the type is a row itself
   */
  public static RowConverter to(Encoder<?> encoder) {
    if (TypeEncoder.cast(encoder).info().kind() == TypeInfo.Kind.ROW) {
      throw new AnalysisException("as(): the target must be a record, bean or scalar type, not Row");
    }
    return new RowConverter(encoder.clazz());
  }

  @Override
  public Object call(Object value) {
    Row row = (Row) value;
    TypeInfo<?> info = this.info;
    if (info == null) {
      this.info = info = TypeInfo.of(target);
    }
    if (info.kind() == TypeInfo.Kind.SCALAR) {
      int i = row.length() == 1 ? 0 : row.fieldIndex("value");
      return convert(row.get(i), target, "value");
    }
    List<TypeInfo.FieldInfo> fields = info.fields();
    int[] indexes = indexes(row.columns(), fields);
    Object[] values = new Object[fields.size()];
    for (int i = 0; i < values.length; i++) {
      TypeInfo.FieldInfo f = fields.get(i);
      values[i] = convert(row.get(indexes[i]), f.type(), f.name());
    }
    return info.newInstance(values);
  }

  /** The column of each field in rows with {@code columns}, worked out once per columns list. */
  private int[] indexes(List<String> columns, List<TypeInfo.FieldInfo> fields) {
    Layout l = layout;
    if (l != null && l.columns() == columns) {
      return l.indexes();
    }
    int[] indexes = new int[fields.size()];
    for (int i = 0; i < indexes.length; i++) {
      String name = fields.get(i).name();
      indexes[i] = columns.indexOf(name);
      if (indexes[i] < 0) {
        throw new IllegalArgumentException(
            "Cannot convert row with columns " + columns + " to " + target.getSimpleName() + ": no column '" + name + "'");
      }
    }
    layout = new Layout(columns, indexes);
    return indexes;
  }

  private static Object convert(Object v, Class<?> type, String field) {
    if (v == null) {
      if (type.isPrimitive()) {
        throw new IllegalArgumentException("Column '" + field + "' is null but field type " + type + " cannot hold null");
      }
      return null;
    }
    if (v instanceof Number n) {
      if (type == long.class || type == Long.class) {
        return n.longValue();
      }
      if (type == int.class || type == Integer.class) {
        return n.intValue();
      }
      if (type == double.class || type == Double.class) {
        return n.doubleValue();
      }
      if (type == float.class || type == Float.class) {
        return n.floatValue();
      }
      if (type == short.class || type == Short.class) {
        return n.shortValue();
      }
      if (type == byte.class || type == Byte.class) {
        return n.byteValue();
      }
      if (type == String.class) {
        return n.toString();
      }
    }
    if (v instanceof java.util.Date d && (type == long.class || type == Long.class)) {
      return d.getTime();
    }
    return v;
  }
}
