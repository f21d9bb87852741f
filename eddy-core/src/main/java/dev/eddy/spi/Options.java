package dev.eddy.spi;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Options given to a source or sink, with typed getters whose errors name the option, the format
 * and the bad value. Keys are case-insensitive, as in Spark.
 */
public final class Options {
  private final String format;
  private final Map<String, String> values;

  public Options(String format, Map<String, String> values) {
    this.format = format;
    Map<String, String> lower = new LinkedHashMap<>();
    values.forEach((k, v) -> lower.put(k.toLowerCase(Locale.ROOT), v));
    this.values = Collections.unmodifiableMap(lower);
  }

  /** The format these options belong to. */
  public String format() {
    return format;
  }

  /** All options, keys in lower case. */
  public Map<String, String> asMap() {
    return values;
  }

  /**
   * Fails when an option is not one of {@code known}.
   *
   * @throws IllegalArgumentException naming the unknown option and listing the known ones
   */
  public Options requireOnly(String... known) {
    Set<String> allowed = new TreeSet<>();
    for (String k : known) {
      allowed.add(k.toLowerCase(Locale.ROOT));
    }
    for (String k : values.keySet()) {
      if (!allowed.contains(k)) {
        throw new IllegalArgumentException(
            "Unknown option '" + k + "' for format '" + format + "'; known options: " + String.join(", ", known));
      }
    }
    return this;
  }

  public String get(String key) {
    return values.get(key.toLowerCase(Locale.ROOT));
  }

  public String getString(String key, String defaultValue) {
    String v = get(key);
    return v == null ? defaultValue : v;
  }

  /** @throws IllegalArgumentException when the option is absent */
  public String require(String key) {
    String v = get(key);
    if (v == null) {
      throw new IllegalArgumentException("Missing required option '" + key + "' for format '" + format + "'");
    }
    return v;
  }

  public long getLong(String key, long defaultValue) {
    String v = get(key);
    if (v == null) {
      return defaultValue;
    }
    try {
      return Long.parseLong(v.trim());
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException(
          "Option '" + key + "' for format '" + format + "' must be an integer, got '" + v + "'", e);
    }
  }

  /** As {@link #getLong} and requires {@code value >= min}. */
  public long getLong(String key, long defaultValue, long min) {
    long v = getLong(key, defaultValue);
    if (v < min) {
      throw new IllegalArgumentException(
          "Option '" + key + "' for format '" + format + "' must be at least " + min + ", got " + v);
    }
    return v;
  }

  public boolean getBoolean(String key, boolean defaultValue) {
    String v = get(key);
    if (v == null) {
      return defaultValue;
    }
    switch (v.trim().toLowerCase(Locale.ROOT)) {
      case "true":
        return true;
      case "false":
        return false;
      default:
        throw new IllegalArgumentException(
            "Option '" + key + "' for format '" + format + "' must be true or false, got '" + v + "'");
    }
  }

  @Override
  public String toString() {
    return values.toString();
  }
}
