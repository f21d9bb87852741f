package dev.eddy.files.internal;

import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Set;

/**
 * Converts the text of one field to the Java type of its column. Numbers, booleans and chars
 * parse as Java does (booleans: {@code true}/{@code false} in any case); timestamps ({@link
 * Timestamp}, {@link Instant}) are ISO-8601 date-times with an offset ({@code
 * 2024-01-01T10:00:00Z}), local date-times ({@code 2024-01-01T10:00:00} or {@code 2024-01-01
 * 10:00:00}, read as UTC), dates (UTC midnight), or epoch milliseconds.
 *
 * <p>Thread safety: stateless.
 */
final class FieldConverter {
  private static final Set<Class<?>> TYPES = Set.of(
      String.class, long.class, Long.class, int.class, Integer.class, short.class, Short.class, byte.class,
      Byte.class, double.class, Double.class, float.class, Float.class, boolean.class, Boolean.class, char.class,
      Character.class, BigDecimal.class, Timestamp.class, Instant.class);

  private FieldConverter() {}

  /** Whether columns of {@code type} can be read. */
  static boolean supports(Class<?> type) {
    return TYPES.contains(type) || type.isEnum();
  }

  /**
   * {@code text} as a value of {@code type} (boxed), or null when {@code text} is null.
   *
   * @throws IllegalArgumentException quoting the text and naming the type when it does not parse
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static Object convert(String text, Class<?> type) {
    if (text == null || type == String.class) {
      return text;
    }
    String t = text.trim();
    try {
      if (type == long.class || type == Long.class) {
        return Long.parseLong(t);
      }
      if (type == int.class || type == Integer.class) {
        return Integer.parseInt(t);
      }
      if (type == double.class || type == Double.class) {
        return Double.parseDouble(t);
      }
      if (type == float.class || type == Float.class) {
        return Float.parseFloat(t);
      }
      if (type == short.class || type == Short.class) {
        return Short.parseShort(t);
      }
      if (type == byte.class || type == Byte.class) {
        return Byte.parseByte(t);
      }
      if (type == boolean.class || type == Boolean.class) {
        return parseBoolean(t);
      }
      if (type == char.class || type == Character.class) {
        if (text.length() != 1) {
          throw new IllegalArgumentException("expected one character");
        }
        return text.charAt(0);
      }
      if (type == BigDecimal.class) {
        return new BigDecimal(t);
      }
      if (type == Timestamp.class) {
        return Timestamp.from(parseInstant(t));
      }
      if (type == Instant.class) {
        return parseInstant(t);
      }
      if (type.isEnum()) {
        return Enum.valueOf((Class<? extends Enum>) type, t);
      }
    } catch (IllegalArgumentException | DateTimeParseException | ArithmeticException e) {
      throw new IllegalArgumentException("cannot convert '" + text + "' to " + type.getSimpleName(), e);
    }
    throw new IllegalArgumentException("unsupported column type " + type.getName());
  }

  private static Boolean parseBoolean(String t) {
    switch (t.toLowerCase(Locale.ROOT)) {
      case "true":
        return Boolean.TRUE;
      case "false":
        return Boolean.FALSE;
      default:
        throw new IllegalArgumentException("expected true or false");
    }
  }

  private static Instant parseInstant(String t) {
    if (!t.isEmpty() && t.chars().allMatch(c -> c == '-' || Character.isDigit(c)) && t.lastIndexOf('-') <= 0) {
      return Instant.ofEpochMilli(Long.parseLong(t));
    }
    String iso = t.replace(' ', 'T');
    if (iso.length() == 10) {
      return LocalDate.parse(iso).atStartOfDay(ZoneOffset.UTC).toInstant();
    }
    try {
      return OffsetDateTime.parse(iso).toInstant();
    } catch (DateTimeParseException e) {
      return LocalDateTime.parse(iso).toInstant(ZoneOffset.UTC);
    }
  }
}
