package dev.eddy.files.internal;

import java.sql.Timestamp;
import java.util.Date;

/**
 * The text a sink writes for a value, chosen so that {@link FieldConverter} reads it back: {@link
 * Timestamp}s, {@link Date}s and {@link java.time.Instant}s as ISO-8601 instants ({@code
 * 2024-01-01T10:00:00Z}), enums by name, everything else by {@code toString()}.
 *
 * <p>Thread safety: stateless.
 */
final class ValueText {
  private ValueText() {}

  /** The text of {@code value}, or null for null. */
  static String of(Object value) {
    if (value == null) {
      return null;
    }
    if (value instanceof Timestamp ts) {
      return ts.toInstant().toString();
    }
    if (value instanceof Date d) {
      return java.time.Instant.ofEpochMilli(d.getTime()).toString();
    }
    if (value instanceof Enum<?> e) {
      return e.name();
    }
    return value.toString();
  }
}
