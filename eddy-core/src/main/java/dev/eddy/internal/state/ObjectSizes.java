package dev.eddy.internal.state;

import dev.eddy.internal.codec.TypeInfo;
import java.util.IdentityHashMap;

/**
 * Estimates the heap bytes of state objects for the {@code memoryUsedBytes} progress figure,
 * assuming a 64-bit JVM with compressed references (12-byte headers, 4-byte references, objects
 * aligned to 8 bytes). Strings, boxes, byte arrays, records and beans (through their fields) are
 * followed to a small depth; anything else counts as one small object.
 */
final class ObjectSizes {
  /** A HashMap node plus its share of the table. */
  static final long MAP_ENTRY_BYTES = 32 + 8;
  private static final int MAX_DEPTH = 4;

  private ObjectSizes() {}

  static long estimate(Object value) {
    return estimate(value, 0, new IdentityHashMap<>());
  }

  private static long estimate(Object v, int depth, IdentityHashMap<Object, Boolean> seen) {
    if (v == null || seen.put(v, Boolean.TRUE) != null) {
      return 0;
    }
    if (v instanceof String s) {
      return 24 + align(16 + s.length());
    }
    if (v instanceof Long || v instanceof Double) {
      return 24;
    }
    if (v instanceof Number || v instanceof Boolean || v instanceof Character) {
      return 16;
    }
    if (v instanceof byte[] b) {
      return align(16 + b.length);
    }
    if (v instanceof StateEntry e) {
      return 24 + estimate(e.value(), depth + 1, seen);
    }
    if (depth >= MAX_DEPTH || v.getClass().isArray() || v.getClass().getName().startsWith("java.")) {
      return 16;
    }
    TypeInfo<?> info = TypeInfo.of(v.getClass());
    long self = 12;
    long referenced = 0;
    for (TypeInfo.FieldInfo f : info.fields()) {
      Class<?> t = f.type();
      if (t == long.class || t == double.class) {
        self += 8;
      } else if (t == int.class || t == float.class) {
        self += 4;
      } else if (t == short.class || t == char.class) {
        self += 2;
      } else if (t == byte.class || t == boolean.class) {
        self += 1;
      } else {
        self += 4;
        referenced += estimate(f.get(v), depth + 1, seen);
      }
    }
    return align(self) + referenced;
  }

  private static long align(long bytes) {
    return (bytes + 7) & ~7L;
  }
}
