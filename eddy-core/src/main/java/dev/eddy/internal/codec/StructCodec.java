package dev.eddy.internal.codec;

import java.lang.invoke.MethodHandle;
import java.util.List;

/**
 * The codec of a record or bean: a bit set with one bit per nullable (non-primitive) field,
 * set when the field is present, followed by the present fields in declaration order. Fields are
 * read through the {@link TypeInfo} method handles; instances are built by {@link
 * TypeInfo#newInstance}.
 *
 * <p>Reading follows a list of {@link ReadStep}s, which by default mirror the written fields. A
 * codec made by {@link SchemaEvolution} reads an older layout instead: steps for removed fields
 * skip them, and fields the older layout lacks keep the Java default (0, false or null).
 */
final class StructCodec<T> implements Codec<T> {
  /**
   * How to read one field of the stored layout.
   *
   * @param codec reads the value; null when the field is skipped
   * @param stored the stored field's schema, used to skip it
   * @param nullable whether the stored layout has a presence bit for it
   * @param target the index of the class field it fills, or -1 to skip it
   */
  record ReadStep(Codec<Object> codec, CodecSchema stored, boolean nullable, int target) {}

  private static final byte BOXED = 0;
  private static final byte INT = 1;
  private static final byte LONG = 2;

  private final TypeInfo<T> info;
  private final MethodHandle[] getters;
  /** Per field: written through its codec ({@link #BOXED}), or as a primitive {@link #INT} / {@link #LONG} without boxing. */
  private final byte[] primitive;
  private final Codec<Object>[] codecs;
  private final boolean[] nullable;
  private final int bitmapBytes;
  private final CodecSchema schema;
  private final ReadStep[] steps;
  private final int readBitmapBytes;
  private final Object[] defaults;

  @SuppressWarnings({"unchecked", "rawtypes"})
  StructCodec(TypeInfo<T> info, List<Codec<Object>> fieldCodecs) {
    this.info = info;
    List<TypeInfo.FieldInfo> fields = info.fields();
    int n = fields.size();
    getters = new MethodHandle[n];
    primitive = new byte[n];
    codecs = fieldCodecs.toArray(new Codec[0]);
    nullable = new boolean[n];
    ReadStep[] own = new ReadStep[n];
    CodecSchema.Field[] schemaFields = new CodecSchema.Field[n];
    int nullables = 0;
    for (int i = 0; i < n; i++) {
      TypeInfo.FieldInfo f = fields.get(i);
      getters[i] = f.getter();
      primitive[i] = f.type() == int.class ? INT : f.type() == long.class ? LONG : BOXED;
      nullable[i] = !f.type().isPrimitive();
      nullables += nullable[i] ? 1 : 0;
      schemaFields[i] = new CodecSchema.Field(f.name(), codecs[i].schema(), nullable[i]);
      own[i] = new ReadStep(codecs[i], codecs[i].schema(), nullable[i], i);
    }
    bitmapBytes = (nullables + 7) >>> 3;
    schema = CodecSchema.struct(List.of(schemaFields));
    steps = own;
    readBitmapBytes = bitmapBytes;
    defaults = null;
  }

  private StructCodec(StructCodec<T> writer, ReadStep[] steps) {
    this.info = writer.info;
    this.getters = writer.getters;
    this.primitive = writer.primitive;
    this.codecs = writer.codecs;
    this.nullable = writer.nullable;
    this.bitmapBytes = writer.bitmapBytes;
    this.schema = writer.schema;
    this.steps = steps;
    int nullables = 0;
    for (ReadStep s : steps) {
      nullables += s.nullable() ? 1 : 0;
    }
    this.readBitmapBytes = (nullables + 7) >>> 3;
    this.defaults = new Object[getters.length];
    List<TypeInfo.FieldInfo> fields = info.fields();
    for (int i = 0; i < defaults.length; i++) {
      defaults[i] = defaultValue(fields.get(i).type());
    }
  }

  /** A codec that writes as this one does and reads the layout described by {@code steps}. */
  StructCodec<T> readingWith(ReadStep[] steps) {
    return new StructCodec<>(this, steps);
  }

  TypeInfo<T> info() {
    return info;
  }

  @Override
  public void write(T value, ByteOutput out) {
    int bitmap = out.reserve(bitmapBytes);
    int bit = 0;
    List<TypeInfo.FieldInfo> fields = info.fields();
    for (int i = 0; i < getters.length; i++) {
      if (primitive[i] == INT) { // the same bytes as the int codec, without boxing
        out.writeZigZagInt(fields.get(i).getInt(value));
        continue;
      }
      if (primitive[i] == LONG) {
        out.writeZigZagLong(fields.get(i).getLong(value));
        continue;
      }
      Object v = get(i, value);
      if (nullable[i]) {
        if (v == null) {
          bit++;
          continue;
        }
        out.setBit(bitmap, bit++);
      }
      codecs[i].write(v, out);
    }
  }

  @Override
  public T read(ByteInput in) {
    int bitmap = in.position();
    in.skip(readBitmapBytes);
    Object[] values = defaults == null ? new Object[getters.length] : defaults.clone();
    int bit = 0;
    for (ReadStep s : steps) {
      if (s.nullable() && !in.isBitSet(bitmap, bit++)) {
        continue;
      }
      if (s.target() < 0) {
        Skipper.skip(s.stored(), in);
      } else {
        values[s.target()] = s.codec().read(in);
      }
    }
    return info.newInstance(values);
  }

  @Override
  public CodecSchema schema() {
    return schema;
  }

  private Object get(int i, T value) {
    try {
      return (Object) getters[i].invokeExact((Object) value);
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new IllegalStateException(
          "Cannot read field '" + info.fields().get(i).name() + "' of " + info.clazz().getName(), t);
    }
  }

  private static Object defaultValue(Class<?> type) {
    if (!type.isPrimitive()) {
      return null;
    }
    if (type == boolean.class) {
      return false;
    }
    if (type == char.class) {
      return '\0';
    }
    if (type == long.class) {
      return 0L;
    }
    if (type == double.class) {
      return 0d;
    }
    if (type == float.class) {
      return 0f;
    }
    if (type == short.class) {
      return (short) 0;
    }
    if (type == byte.class) {
      return (byte) 0;
    }
    return 0;
  }
}
