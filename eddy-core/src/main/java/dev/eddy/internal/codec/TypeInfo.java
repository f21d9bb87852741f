package dev.eddy.internal.codec;

import dev.eddy.Row;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Constructor;
import java.lang.reflect.Field;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.RecordComponent;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What Eddy knows of a value type: whether it is a scalar (primitive box or String), a Java
 * record, a bean, or a {@link Row}, and for records and beans its fields in declaration order with
 * method handles to read them and to build an instance. Made once per class and cached.
 *
 * <p>Thread safety: immutable after construction; shared by all threads.
 */
public final class TypeInfo<T> {
  /** The shape of a type. */
  public enum Kind {
    SCALAR,
    RECORD,
    BEAN,
    ROW
  }

  private static final Map<Class<?>, TypeInfo<?>> CACHE = new ConcurrentHashMap<>();
  private static final List<Class<?>> SCALARS =
      List.of(
          String.class, Long.class, Integer.class, Double.class, Float.class, Short.class,
          Byte.class, Boolean.class, Character.class, byte[].class, java.sql.Timestamp.class,
          java.time.Instant.class, java.util.Date.class, java.math.BigDecimal.class);

  private final Class<T> clazz;
  private final Kind kind;
  private final List<FieldInfo> fields;
  private final MethodHandle constructor;

  /** One field of a record or bean. */
  public static final class FieldInfo {
    private final String name;
    private final Class<?> type;
    private final java.lang.reflect.Type genericType;
    private final MethodHandle getter;
    private final MethodHandle longGetter;
    private final MethodHandle intGetter;
    private final MethodHandle setter;

    /** {@code rawGetter} is the accessor as unreflected, returning the field's own type. */
    FieldInfo(String name, Class<?> type, java.lang.reflect.Type genericType, MethodHandle rawGetter, MethodHandle setter) {
      this.name = name;
      this.type = type;
      this.genericType = genericType;
      this.getter = rawGetter.asType(MethodType.methodType(Object.class, Object.class));
      this.longGetter = type == long.class ? rawGetter.asType(MethodType.methodType(long.class, Object.class)) : null;
      this.intGetter = type == int.class ? rawGetter.asType(MethodType.methodType(int.class, Object.class)) : null;
      this.setter = setter;
    }

    public String name() {
      return name;
    }

    public Class<?> type() {
      return type;
    }

    public java.lang.reflect.Type genericType() {
      return genericType;
    }

    /** Reads this field of {@code target}. */
    public Object get(Object target) {
      try {
        return (Object) getter.invokeExact(target);
      } catch (RuntimeException | Error e) {
        throw e;
      } catch (Throwable t) {
        throw new IllegalStateException("Cannot read field '" + name + "'", t);
      }
    }

    /**
     * Reads this {@code long} field of {@code target} without boxing it.
     *
     * @throws IllegalStateException when the field is not a primitive {@code long}
     */
    public long getLong(Object target) {
      if (longGetter == null) {
        throw new IllegalStateException("Field '" + name + "' is a " + type.getName() + ", not a long");
      }
      try {
        return (long) longGetter.invokeExact(target);
      } catch (RuntimeException | Error e) {
        throw e;
      } catch (Throwable t) {
        throw new IllegalStateException("Cannot read field '" + name + "'", t);
      }
    }

    /**
     * Reads this {@code int} field of {@code target} without boxing it.
     *
     * @throws IllegalStateException when the field is not a primitive {@code int}
     */
    public int getInt(Object target) {
      if (intGetter == null) {
        throw new IllegalStateException("Field '" + name + "' is a " + type.getName() + ", not an int");
      }
      try {
        return (int) intGetter.invokeExact(target);
      } catch (RuntimeException | Error e) {
        throw e;
      } catch (Throwable t) {
        throw new IllegalStateException("Cannot read field '" + name + "'", t);
      }
    }

    /** Writes this field of a bean; null for records. */
    public MethodHandle setter() {
      return setter;
    }

    /** The getter, typed {@code (Object) -> Object}. */
    public MethodHandle getter() {
      return getter;
    }
  }

  private TypeInfo(Class<T> clazz) {
    this.clazz = clazz;
    MethodHandles.Lookup lookup = MethodHandles.lookup();
    try {
      if (SCALARS.contains(clazz) || clazz.isPrimitive() || clazz.isEnum()) {
        kind = Kind.SCALAR;
        fields = List.of();
        constructor = null;
      } else if (Row.class.isAssignableFrom(clazz)) {
        kind = Kind.ROW;
        fields = List.of();
        constructor = null;
      } else if (clazz.isRecord()) {
        kind = Kind.RECORD;
        List<FieldInfo> fs = new ArrayList<>();
        RecordComponent[] components = clazz.getRecordComponents();
        Class<?>[] types = new Class<?>[components.length];
        for (int i = 0; i < components.length; i++) {
          RecordComponent c = components[i];
          Method accessor = c.getAccessor();
          accessor.setAccessible(true);
          MethodHandle g = lookup.unreflect(accessor);
          fs.add(new FieldInfo(c.getName(), c.getType(), c.getGenericType(), g, null));
          types[i] = c.getType();
        }
        Constructor<T> ctor = clazz.getDeclaredConstructor(types);
        ctor.setAccessible(true);
        fields = Collections.unmodifiableList(fs);
        constructor = lookup.unreflectConstructor(ctor).asSpreader(Object[].class, types.length)
            .asType(MethodType.methodType(Object.class, Object[].class));
      } else {
        kind = Kind.BEAN;
        List<FieldInfo> fs = new ArrayList<>();
        for (Field f : declaredFieldsInOrder(clazz)) {
          String cap = f.getName().substring(0, 1).toUpperCase(Locale.ROOT) + f.getName().substring(1);
          Method getter = findMethod(clazz, "get" + cap);
          if (getter == null && (f.getType() == boolean.class || f.getType() == Boolean.class)) {
            getter = findMethod(clazz, "is" + cap);
          }
          Method setter = findMethod(clazz, "set" + cap, f.getType());
          if (getter == null || setter == null) {
            continue;
          }
          MethodHandle g = lookup.unreflect(getter);
          MethodHandle s = lookup.unreflect(setter).asType(MethodType.methodType(void.class, Object.class, Object.class));
          fs.add(new FieldInfo(f.getName(), f.getType(), f.getGenericType(), g, s));
        }
        if (fs.isEmpty()) {
          throw new IllegalArgumentException(
              "Cannot make an encoder for " + clazz.getName()
                  + ": it is neither a record nor a bean with getter/setter pairs");
        }
        Constructor<T> ctor = clazz.getDeclaredConstructor();
        ctor.setAccessible(true);
        fields = Collections.unmodifiableList(fs);
        constructor = lookup.unreflectConstructor(ctor).asType(MethodType.methodType(Object.class));
      }
    } catch (NoSuchMethodException e) {
      throw new IllegalArgumentException(
          "Cannot make an encoder for " + clazz.getName() + ": " + (clazz.isRecord()
              ? "no canonical constructor" : "a bean needs a public no-argument constructor"), e);
    } catch (IllegalAccessException e) {
      throw new IllegalArgumentException("Cannot access " + clazz.getName() + ": make it public", e);
    }
  }

  private static List<Field> declaredFieldsInOrder(Class<?> clazz) {
    List<Class<?>> chain = new ArrayList<>();
    for (Class<?> c = clazz; c != null && c != Object.class; c = c.getSuperclass()) {
      chain.add(0, c);
    }
    List<Field> out = new ArrayList<>();
    for (Class<?> c : chain) {
      for (Field f : c.getDeclaredFields()) {
        if (!Modifier.isStatic(f.getModifiers()) && !Modifier.isTransient(f.getModifiers())) {
          out.add(f);
        }
      }
    }
    return out;
  }

  private static Method findMethod(Class<?> clazz, String name, Class<?>... params) {
    try {
      Method m = clazz.getMethod(name, params);
      return Modifier.isStatic(m.getModifiers()) ? null : m;
    } catch (NoSuchMethodException e) {
      return null;
    }
  }

  /** The cached description of {@code clazz}. */
  @SuppressWarnings("unchecked")
  public static <T> TypeInfo<T> of(Class<T> clazz) {
    return (TypeInfo<T>) CACHE.computeIfAbsent(clazz, c -> new TypeInfo<>(c));
  }

  public Class<T> clazz() {
    return clazz;
  }

  public Kind kind() {
    return kind;
  }

  /** Fields in declaration order; empty for scalars and rows. */
  public List<FieldInfo> fields() {
    return fields;
  }

  /** The field named {@code name}, or null. */
  public FieldInfo field(String name) {
    for (FieldInfo f : fields) {
      if (f.name.equals(name)) {
        return f;
      }
    }
    return null;
  }

  /** Builds a record from its component values in declaration order, or a bean from its fields. */
  @SuppressWarnings("unchecked")
  public T newInstance(Object[] values) {
    try {
      if (kind == Kind.RECORD) {
        return (T) constructor.invokeExact(values);
      }
      if (kind == Kind.BEAN) {
        Object bean = constructor.invokeExact();
        for (int i = 0; i < fields.size(); i++) {
          fields.get(i).setter.invokeExact(bean, values[i]);
        }
        return (T) bean;
      }
      throw new UnsupportedOperationException("Cannot construct " + kind + " " + clazz.getName());
    } catch (RuntimeException | Error e) {
      throw e;
    } catch (Throwable t) {
      throw new IllegalStateException("Cannot construct " + clazz.getName(), t);
    }
  }
}
