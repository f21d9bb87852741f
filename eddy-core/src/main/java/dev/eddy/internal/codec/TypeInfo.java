package dev.eddy.internal.codec;

import dev.eddy.Row;
import java.lang.invoke.CallSite;
import java.lang.invoke.LambdaMetafactory;
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
import java.util.function.ToIntFunction;
import java.util.function.ToLongFunction;

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
    private final ToLongFunction<Object> longReader;
    private final ToIntFunction<Object> intReader;
    private final MethodHandle setter;

    /** {@code accessor} reads the field of a {@code owner}: a record accessor or a bean getter. */
    FieldInfo(String name, Class<?> type, java.lang.reflect.Type genericType, Class<?> owner, Method accessor,
        MethodHandle setter) throws IllegalAccessException {
      this.name = name;
      this.type = type;
      this.genericType = genericType;
      MethodHandle raw = MethodHandles.lookup().unreflect(accessor);
      this.getter = raw.asType(MethodType.methodType(Object.class, Object.class));
      this.longReader = type == long.class ? primitiveReader(ToLongFunction.class, "applyAsLong", long.class, owner, accessor, raw) : null;
      this.intReader = type == int.class ? primitiveReader(ToIntFunction.class, "applyAsInt", int.class, owner, accessor, raw) : null;
      this.setter = setter;
    }

    /**
     * A functional object that calls {@code accessor} directly, so the JIT can inline it (a method
     * handle held in a field is not a constant and costs an indirect call); built with {@link
     * LambdaMetafactory} where the owner's module lets Eddy in, else a lambda over the handle.
     */
    @SuppressWarnings("unchecked")
    private static <F> F primitiveReader(Class<F> iface, String method, Class<?> result, Class<?> owner,
        Method accessor, MethodHandle raw) {
      try {
        MethodHandles.Lookup caller = MethodHandles.privateLookupIn(owner, MethodHandles.lookup());
        CallSite site = LambdaMetafactory.metafactory(caller, method, MethodType.methodType(iface),
            MethodType.methodType(result, Object.class), caller.unreflect(accessor), MethodType.methodType(result, owner));
        return (F) site.getTarget().invoke();
      } catch (Throwable e) {
        MethodHandle h = raw.asType(MethodType.methodType(result, Object.class));
        return (F) (result == long.class
            ? (ToLongFunction<Object>) t -> callLong(h, t)
            : (ToIntFunction<Object>) t -> callInt(h, t));
      }
    }

    private static long callLong(MethodHandle h, Object target) {
      try {
        return (long) h.invokeExact(target);
      } catch (RuntimeException | Error e) {
        throw e;
      } catch (Throwable t) {
        throw new IllegalStateException(t);
      }
    }

    private static int callInt(MethodHandle h, Object target) {
      try {
        return (int) h.invokeExact(target);
      } catch (RuntimeException | Error e) {
        throw e;
      } catch (Throwable t) {
        throw new IllegalStateException(t);
      }
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
      if (longReader == null) {
        throw new IllegalStateException("Field '" + name + "' is a " + type.getName() + ", not a long");
      }
      return longReader.applyAsLong(target);
    }

    /**
     * Reads this {@code int} field of {@code target} without boxing it.
     *
     * @throws IllegalStateException when the field is not a primitive {@code int}
     */
    public int getInt(Object target) {
      if (intReader == null) {
        throw new IllegalStateException("Field '" + name + "' is a " + type.getName() + ", not an int");
      }
      return intReader.applyAsInt(target);
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
          fs.add(new FieldInfo(c.getName(), c.getType(), c.getGenericType(), clazz, accessor, null));
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
          getter.trySetAccessible(); // a public getter of a non-public class
          MethodHandle s = lookup.unreflect(setter).asType(MethodType.methodType(void.class, Object.class, Object.class));
          fs.add(new FieldInfo(f.getName(), f.getType(), f.getGenericType(), clazz, getter, s));
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
