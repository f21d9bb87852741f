package dev.eddy.internal.codec;

import dev.eddy.Encoder;
import java.util.ArrayList;
import java.util.List;

/** The one implementation of {@link Encoder}: a class plus its {@link TypeInfo}. */
public final class TypeEncoder<T> implements Encoder<T> {
  private static final long serialVersionUID = 1L;
  private final Class<T> clazz;
  private final List<String> rowColumns;
  private transient TypeInfo<T> info;

  private TypeEncoder(Class<T> clazz, List<String> rowColumns) {
    this.clazz = clazz;
    this.rowColumns = rowColumns;
    this.info = TypeInfo.of(clazz);
  }

  /** The encoder of {@link dev.eddy.Row}s with the given columns (empty: not known in advance). */
  public static TypeEncoder<dev.eddy.Row> ofRow(List<String> columns) {
    return new TypeEncoder<>(dev.eddy.Row.class, List.copyOf(columns));
  }

  public static <T> TypeEncoder<T> of(Class<T> clazz) {
    if (clazz == null) {
      throw new IllegalArgumentException("Encoder class must not be null");
    }
    return new TypeEncoder<>(clazz, List.of());
  }

  /** The encoder behind any {@link Encoder}. */
  public static <T> TypeEncoder<T> cast(Encoder<T> encoder) {
    return (TypeEncoder<T>) encoder;
  }

  public TypeInfo<T> info() {
    if (info == null) {
      info = TypeInfo.of(clazz);
    }
    return info;
  }

  @Override
  public Class<T> clazz() {
    return clazz;
  }

  @Override
  public List<String> columnNames() {
    if (info().kind() == TypeInfo.Kind.SCALAR) {
      return List.of("value");
    }
    if (info().kind() == TypeInfo.Kind.ROW) {
      return rowColumns;
    }
    List<String> names = new ArrayList<>();
    for (TypeInfo.FieldInfo f : info().fields()) {
      names.add(f.name());
    }
    return names;
  }

  /**
   * The column values of {@code value} in {@link #columnNames()} order (for a row: all of its
   * columns).
   */
  public Object[] columnValues(T value) {
    switch (info().kind()) {
      case SCALAR:
        return new Object[] {value};
      case ROW: {
        dev.eddy.Row r = (dev.eddy.Row) value;
        Object[] out = new Object[r.length()];
        for (int i = 0; i < out.length; i++) {
          out[i] = r.get(i);
        }
        return out;
      }
      default: {
        List<TypeInfo.FieldInfo> fs = info().fields();
        Object[] out = new Object[fs.size()];
        for (int i = 0; i < out.length; i++) {
          out[i] = fs.get(i).get(value);
        }
        return out;
      }
    }
  }

  @Override
  public String schemaString() {
    if (info().kind() == TypeInfo.Kind.SCALAR) {
      return "struct<value:" + clazz.getSimpleName() + ">";
    }
    if (info().kind() == TypeInfo.Kind.ROW) {
      return rowColumns.isEmpty() ? "row" : "row<" + String.join(",", rowColumns) + ">";
    }
    StringBuilder sb = new StringBuilder("struct<");
    for (TypeInfo.FieldInfo f : info().fields()) {
      if (sb.length() > 7) {
        sb.append(',');
      }
      sb.append(f.name()).append(':').append(f.genericType().getTypeName().replace("java.lang.", ""));
    }
    return sb.append('>').toString();
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof TypeEncoder && ((TypeEncoder<?>) o).clazz == clazz;
  }

  @Override
  public int hashCode() {
    return clazz.hashCode();
  }

  @Override
  public String toString() {
    return "Encoder[" + schemaString() + "]";
  }
}
