package dev.eddy.files.internal;

import dev.eddy.Encoder;
import dev.eddy.internal.codec.TypeEncoder;
import dev.eddy.internal.codec.TypeInfo;
import java.util.ArrayList;
import java.util.List;

/**
 * The columns a file format reads: names and Java types, in order, taken from the record or bean
 * (or scalar, as a column {@code value}) that the user declared as the schema.
 *
 * <p>Thread safety: immutable.
 */
final class ColumnSchema {
  private final List<String> names;
  private final List<Class<?>> types;

  ColumnSchema(List<String> names, List<Class<?>> types) {
    this.names = List.copyOf(names);
    this.types = List.copyOf(types);
  }

  /**
   * The columns of {@code encoder}'s type.
   *
   * @throws IllegalArgumentException naming the field when its type cannot be read from text
   */
  static ColumnSchema of(Encoder<?> encoder) {
    TypeInfo<?> info = TypeEncoder.cast(encoder).info();
    List<String> names = new ArrayList<>();
    List<Class<?>> types = new ArrayList<>();
    switch (info.kind()) {
      case SCALAR:
        names.add("value");
        types.add(info.clazz());
        break;
      case ROW:
        throw new IllegalArgumentException(
            "The schema must be a record, bean or scalar encoder such as Encoders.bean(Event.class), not Encoders.row()");
      default:
        for (TypeInfo.FieldInfo f : info.fields()) {
          names.add(f.name());
          types.add(f.type());
        }
    }
    for (int i = 0; i < names.size(); i++) {
      if (!FieldConverter.supports(types.get(i))) {
        throw new IllegalArgumentException(
            "Field '" + names.get(i) + "' of " + info.clazz().getSimpleName() + " has type " + types.get(i).getName()
                + ", which files cannot hold; supported: String, numbers, boolean, char, BigDecimal, enums, "
                + "java.sql.Timestamp, java.time.Instant");
      }
    }
    return new ColumnSchema(names, types);
  }

  /** A single column {@code name} of type String (the {@code text} format). */
  static ColumnSchema text(String name) {
    return new ColumnSchema(List.of(name), List.of(String.class));
  }

  List<String> names() {
    return names;
  }

  int size() {
    return names.size();
  }

  String name(int i) {
    return names.get(i);
  }

  Class<?> type(int i) {
    return types.get(i);
  }
}
