package dev.eddy.internal.codec;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * The shape of a value's binary form: a scalar name, {@code enum}, {@code struct<name:type,...>}
 * (a record or bean; {@code ?} after a field's type marks it nullable), {@code list<t>}, {@code
 * map<k,v>}, {@code optional<t>} or {@code entry<t>} (a state entry: optional value plus timeout).
 * Its {@link #toString()} form, for instance {@code struct<userId:string?,clicks:int>}, is what
 * the checkpoint records; {@link #parse} reads it back, and {@link SchemaEvolution} compares two.
 *
 * <p>Thread safety: immutable.
 */
public final class CodecSchema {
  /** The shape of one schema node. */
  public enum Kind {
    SCALAR,
    ENUM,
    STRUCT,
    LIST,
    MAP,
    OPTIONAL,
    ENTRY
  }

  /** One field of a struct. */
  public record Field(String name, CodecSchema type, boolean nullable) {
    @Override
    public String toString() {
      return name + ":" + type + (nullable ? "?" : "");
    }
  }

  private final Kind kind;
  private final String scalar;
  private final List<Field> fields;
  private final List<CodecSchema> params;

  private CodecSchema(Kind kind, String scalar, List<Field> fields, List<CodecSchema> params) {
    this.kind = kind;
    this.scalar = scalar;
    this.fields = List.copyOf(fields);
    this.params = List.copyOf(params);
  }

  public static CodecSchema scalar(String name) {
    return new CodecSchema(Kind.SCALAR, name, List.of(), List.of());
  }

  public static CodecSchema enumeration() {
    return new CodecSchema(Kind.ENUM, null, List.of(), List.of());
  }

  public static CodecSchema struct(List<Field> fields) {
    return new CodecSchema(Kind.STRUCT, null, fields, List.of());
  }

  /** A list, map, optional or entry of {@code params}. */
  public static CodecSchema of(Kind kind, CodecSchema... params) {
    return new CodecSchema(kind, null, List.of(), List.of(params));
  }

  public Kind kind() {
    return kind;
  }

  /** The scalar's name, such as {@code long}; null for other kinds. */
  public String scalarName() {
    return scalar;
  }

  /** Fields of a struct, in the order they are written. */
  public List<Field> fields() {
    return fields;
  }

  /** Element, key and value, or entry value types. */
  public List<CodecSchema> params() {
    return params;
  }

  /** The field named {@code name}, or null. */
  public Field field(String name) {
    for (Field f : fields) {
      if (f.name().equals(name)) {
        return f;
      }
    }
    return null;
  }

  /**
   * Reads the form written by {@link #toString()}.
   *
   * @throws IllegalArgumentException naming the position when the text is malformed
   */
  public static CodecSchema parse(String text) {
    SchemaParser p = new SchemaParser(text);
    CodecSchema s = p.type();
    p.end();
    return s;
  }

  @Override
  public String toString() {
    switch (kind) {
      case SCALAR:
        return scalar;
      case ENUM:
        return "enum";
      case STRUCT: {
        List<String> parts = new ArrayList<>();
        fields.forEach(f -> parts.add(f.toString()));
        return "struct<" + String.join(",", parts) + ">";
      }
      default: {
        List<String> parts = new ArrayList<>();
        params.forEach(p -> parts.add(p.toString()));
        return kind.name().toLowerCase(java.util.Locale.ROOT) + "<" + String.join(",", parts) + ">";
      }
    }
  }

  @Override
  public boolean equals(Object o) {
    if (!(o instanceof CodecSchema)) {
      return false;
    }
    CodecSchema s = (CodecSchema) o;
    return kind == s.kind && Objects.equals(scalar, s.scalar) && fields.equals(s.fields) && params.equals(s.params);
  }

  @Override
  public int hashCode() {
    return Objects.hash(kind, scalar, fields, params);
  }
}
