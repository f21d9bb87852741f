package dev.eddy;

import dev.eddy.internal.codec.TypeEncoder;

/** Encoders for the value types Eddy supports, with Spark's names. */
public final class Encoders {
  private Encoders() {}

  public static Encoder<String> STRING() {
    return TypeEncoder.of(String.class);
  }

  public static Encoder<Long> LONG() {
    return TypeEncoder.of(Long.class);
  }

  public static Encoder<Integer> INT() {
    return TypeEncoder.of(Integer.class);
  }

  public static Encoder<Double> DOUBLE() {
    return TypeEncoder.of(Double.class);
  }

  public static Encoder<Boolean> BOOLEAN() {
    return TypeEncoder.of(Boolean.class);
  }

  /**
   * An encoder for a Java record or a bean (public no-argument constructor, getter/setter pairs).
   *
   * @throws IllegalArgumentException naming the class when it is neither
   */
  public static <T> Encoder<T> bean(Class<T> clazz) {
    return TypeEncoder.of(clazz);
  }

  /** Same as {@link #bean(Class)}; reads better for records. */
  public static <T> Encoder<T> record(Class<T> clazz) {
    return TypeEncoder.of(clazz);
  }

  /** The encoder of untyped {@link Row}s whose columns are not known in advance. */
  public static Encoder<Row> row() {
    return TypeEncoder.of(Row.class);
  }

  /** The encoder of untyped {@link Row}s with these columns, such as the rate sources' rows. */
  public static Encoder<Row> row(String... columns) {
    return TypeEncoder.ofRow(java.util.List.of(columns));
  }
}
