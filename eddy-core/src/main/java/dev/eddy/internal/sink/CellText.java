package dev.eddy.internal.sink;

import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;

/**
 * How the console sink shows one value, as Spark 4's {@code Dataset.show} does: null as {@code
 * NULL}, timestamps in the JVM's time zone as {@code 2024-01-01 00:00:00} with the fraction of a
 * second only when it is not zero ({@code .5}, {@code .123}), decimals without exponent, byte
 * arrays in hex ({@code [0A FF]}), everything else by {@code toString()}.
 */
final class CellText {
  private static final DateTimeFormatter SECONDS = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

  private CellText() {}

  static String of(Object value) {
    if (value == null) {
      return "NULL";
    }
    if (value instanceof Timestamp) {
      return timestamp(((Timestamp) value).toLocalDateTime());
    }
    if (value instanceof Instant) {
      return timestamp(LocalDateTime.ofInstant((Instant) value, ZoneId.systemDefault()));
    }
    if (value instanceof BigDecimal) {
      return ((BigDecimal) value).toPlainString();
    }
    if (value instanceof byte[]) {
      return hex((byte[]) value);
    }
    return value.toString();
  }

  private static String timestamp(LocalDateTime t) {
    String text = SECONDS.format(t);
    int micros = t.getNano() / 1000;
    if (micros == 0) {
      return text;
    }
    String fraction = String.format("%06d", micros);
    int end = fraction.length();
    while (fraction.charAt(end - 1) == '0') {
      end--;
    }
    return text + "." + fraction.substring(0, end);
  }

  private static String hex(byte[] bytes) {
    StringBuilder sb = new StringBuilder("[");
    for (int i = 0; i < bytes.length; i++) {
      if (i > 0) {
        sb.append(' ');
      }
      sb.append(Character.toUpperCase(Character.forDigit((bytes[i] >> 4) & 0xF, 16)))
          .append(Character.toUpperCase(Character.forDigit(bytes[i] & 0xF, 16)));
    }
    return sb.append(']').toString();
  }
}
