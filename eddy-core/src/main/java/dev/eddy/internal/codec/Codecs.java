package dev.eddy.internal.codec;

import dev.eddy.Encoder;
import dev.eddy.Row;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Finds the {@link Codec} of an {@link Encoder} or Java type. Supported: the scalars of {@link
 * ScalarCodecs} and their primitives, enums (by name), records and beans whose fields are
 * supported (nested to any depth, but not recursive), {@code List<E>}, {@code Map<K, V>} and
 * {@code Optional<E>} fields, and encoders that build their own codec ({@link CompositeEncoder}). {@link Row} is not
 * supported. Codecs of types are made once and cached for the life of the class loader.
 *
 * <p>Thread safety: all methods may be called from any thread.
 */
public final class Codecs {
  private static final Map<Type, Codec<?>> CACHE = new ConcurrentHashMap<>();
  private static final ThreadLocal<Set<Type>> BUILDING = ThreadLocal.withInitial(HashSet::new);
  private static final Map<Class<?>, Class<?>> BOXES =
      Map.of(
          int.class, Integer.class, long.class, Long.class, double.class, Double.class, float.class, Float.class,
          short.class, Short.class, byte.class, Byte.class, boolean.class, Boolean.class, char.class, Character.class);

  private Codecs() {}

  /**
   * The codec of {@code encoder}'s values.
   *
   * @throws IllegalArgumentException naming the class and field when a type is not supported
   */
  @SuppressWarnings("unchecked")
  public static <T> Codec<T> forEncoder(Encoder<T> encoder) {
    if (encoder instanceof CompositeEncoder) {
      return ((CompositeEncoder<T>) encoder).codec();
    }
    return (Codec<T>) forType(encoder.clazz());
  }

  /**
   * A codec that writes {@code encoder}'s current layout and reads values stored with {@code
   * written} (a schema recorded in the checkpoint by an earlier run), following the rules of
   * {@link SchemaEvolution}. Its reads and writes are not symmetric: a store that keeps values
   * of both layouts must know which layout each value has (the RocksDB backend prefixes values
   * with a schema id; file-based stores record the schema per file).
   *
   * @throws IllegalArgumentException naming the field when the change is incompatible
   */
  @SuppressWarnings("unchecked")
  public static <T> Codec<T> forEncoder(Encoder<T> encoder, CodecSchema written) {
    Codec<T> current = forEncoder(encoder);
    if (written.equals(current.schema())) {
      return current;
    }
    SchemaEvolution.check(written, current.schema());
    if (encoder instanceof CompositeEncoder) {
      return ((CompositeEncoder<T>) encoder).codec(written);
    }
    return (Codec<T>) SchemaEvolution.adapt(written, encoder.clazz(), current);
  }

  /**
   * The codec of values of {@code type} (a class or a parameterised {@code List}, {@code Map} or
   * {@code Optional}).
   *
   * @throws IllegalArgumentException naming the type when it is not supported
   */
  public static Codec<?> forType(Type type) {
    Codec<?> codec = CACHE.get(type);
    if (codec != null) {
      return codec;
    }
    Set<Type> building = BUILDING.get();
    if (!building.add(type)) {
      throw new IllegalArgumentException("Recursive type " + type.getTypeName() + " has no binary codec");
    }
    try {
      codec = build(type);
    } finally {
      building.remove(type);
    }
    Codec<?> raced = CACHE.putIfAbsent(type, codec);
    return raced != null ? raced : codec;
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static Codec<?> build(Type type) {
    if (type instanceof ParameterizedType) {
      ParameterizedType p = (ParameterizedType) type;
      Type[] args = p.getActualTypeArguments();
      if (p.getRawType() == List.class) {
        return new ContainerCodecs.ListCodec<>(forType(args[0]));
      }
      if (p.getRawType() == Map.class) {
        return new ContainerCodecs.MapCodec<>(forType(args[0]), forType(args[1]));
      }
      if (p.getRawType() == Optional.class) {
        return new ContainerCodecs.OptionalCodec<>(forType(args[0]));
      }
      throw unsupported(type, "generic types other than List, Map and Optional are not supported");
    }
    if (!(type instanceof Class)) {
      throw unsupported(type, "declare a concrete class");
    }
    Class<?> c = (Class<?>) type;
    Codec<?> scalar = ScalarCodecs.forClass(BOXES.getOrDefault(c, c));
    if (scalar != null) {
      return scalar;
    }
    if (c.isEnum()) {
      return new EnumCodec(c);
    }
    if (c == List.class || c == Map.class || c == Optional.class) {
      throw unsupported(type, "give its type arguments");
    }
    if (Row.class.isAssignableFrom(c)) {
      throw unsupported(type, "untyped rows have no binary codec; map them to a record");
    }
    TypeInfo<?> info = TypeInfo.of(c);
    List<Codec<Object>> fields = new ArrayList<>();
    for (TypeInfo.FieldInfo f : info.fields()) {
      try {
        fields.add((Codec<Object>) forType(f.genericType()));
      } catch (IllegalArgumentException e) {
        throw new IllegalArgumentException(
            "Cannot encode field '" + f.name() + "' of " + c.getName() + ": " + e.getMessage(), e);
      }
    }
    return new StructCodec<>(info, fields);
  }

  private static IllegalArgumentException unsupported(Type type, String hint) {
    return new IllegalArgumentException("No binary codec for " + type.getTypeName() + ": " + hint);
  }
}
