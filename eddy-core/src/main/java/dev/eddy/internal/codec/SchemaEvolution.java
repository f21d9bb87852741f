package dev.eddy.internal.codec;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.List;

/**
 * The rules for reading state written by an earlier version of a record or bean class: fields
 * may be added (stored values lacking them get the Java default: 0, false or null) or removed
 * (their stored bytes are skipped), and a field may switch between a primitive and its box (a
 * stored null read into a primitive becomes 0). Any other change of a field's type — including
 * inside nested records, lists, maps and optionals — is incompatible.
 *
 * <p>Thread safety: stateless.
 */
public final class SchemaEvolution {
  private SchemaEvolution() {}

  /**
   * Checks that values stored with {@code written} can be read as {@code current}.
   *
   * @throws IllegalArgumentException naming the field and both types when they cannot
   */
  public static void check(CodecSchema written, CodecSchema current) {
    check(written, current, "");
  }

  /** As {@link #check(CodecSchema, CodecSchema)} for the current layout of {@code type}. */
  public static void check(CodecSchema written, Type type) {
    check(written, Codecs.forType(type).schema());
  }

  private static void check(CodecSchema written, CodecSchema current, String path) {
    if (written.kind() != current.kind()
        || (written.kind() == CodecSchema.Kind.SCALAR && !written.scalarName().equals(current.scalarName()))) {
      throw new IllegalArgumentException(
          (path.isEmpty() ? "Incompatible state type change" : "Incompatible change of field '" + path + "'")
              + ": stored as " + written + ", now " + current
              + " (fields may be added or removed, but a field's type cannot change)");
    }
    if (written.kind() == CodecSchema.Kind.STRUCT) {
      for (CodecSchema.Field f : current.fields()) {
        CodecSchema.Field old = written.field(f.name());
        if (old != null) {
          check(old.type(), f.type(), path.isEmpty() ? f.name() : path + "." + f.name());
        }
      }
      return;
    }
    List<CodecSchema> ps = written.params();
    for (int i = 0; i < ps.size(); i++) {
      check(ps.get(i), current.params().get(i), path + (i == 0 ? "[]" : "[value]"));
    }
  }

  /**
   * A codec writing as {@code current} (the codec of {@code type}) and reading bytes stored with
   * {@code written}, which {@link #check} accepted.
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static Codec<?> adapt(CodecSchema written, Type type, Codec<?> current) {
    if (written.equals(current.schema())) {
      return current;
    }
    switch (written.kind()) {
      case STRUCT:
        return adaptStruct(written, (StructCodec<?>) current);
      case LIST:
        return new ContainerCodecs.ListCodec<>(adaptArg(written, type, 0));
      case MAP:
        return new ContainerCodecs.MapCodec<>(adaptArg(written, type, 0), adaptArg(written, type, 1));
      case OPTIONAL:
        return new ContainerCodecs.OptionalCodec<>(adaptArg(written, type, 0));
      default:
        throw new IllegalArgumentException("Cannot read values stored as " + written + " as " + current.schema());
    }
  }

  private static Codec<?> adaptArg(CodecSchema written, Type type, int i) {
    Type arg = ((ParameterizedType) type).getActualTypeArguments()[i];
    return adapt(written.params().get(i), arg, Codecs.forType(arg));
  }

  @SuppressWarnings("unchecked")
  private static <T> StructCodec<T> adaptStruct(CodecSchema written, StructCodec<T> current) {
    List<TypeInfo.FieldInfo> fields = current.info().fields();
    StructCodec.ReadStep[] steps = new StructCodec.ReadStep[written.fields().size()];
    for (int i = 0; i < steps.length; i++) {
      CodecSchema.Field stored = written.fields().get(i);
      int target = indexOf(fields, stored.name());
      Codec<Object> reader = null;
      if (target >= 0) {
        Type t = fields.get(target).genericType();
        reader = (Codec<Object>) adapt(stored.type(), t, Codecs.forType(t));
      }
      steps[i] = new StructCodec.ReadStep(reader, stored.type(), stored.nullable(), target);
    }
    return current.readingWith(steps);
  }

  private static int indexOf(List<TypeInfo.FieldInfo> fields, String name) {
    for (int i = 0; i < fields.size(); i++) {
      if (fields.get(i).name().equals(name)) {
        return i;
      }
    }
    return -1;
  }
}
