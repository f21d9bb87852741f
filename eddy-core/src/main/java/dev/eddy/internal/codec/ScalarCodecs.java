package dev.eddy.internal.codec;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Date;
import java.util.HashMap;
import java.util.Map;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * Codecs of the scalar types: integers as zig-zag varints, floating point as fixed 8/4 bytes,
 * strings as length-prefixed UTF-8, timestamps as epoch millis (plus nanos for {@link Timestamp}
 * and {@link Instant}), decimals as scale plus unscaled two's-complement bytes. The codecs of
 * String, Long and Integer are classes of their own so that key encoding stays monomorphic.
 */
final class ScalarCodecs {
  private static final Map<Class<?>, Codec<?>> BY_CLASS = new HashMap<>();
  private static final Map<String, Codec<?>> BY_NAME = new HashMap<>();

  static {
    add(String.class, new StringCodec());
    add(Long.class, new LongCodec());
    add(Integer.class, new IntCodec());
    add(Double.class, new Scalar<Double>("double", (v, o) -> o.writeDouble(v), ByteInput::readDouble));
    add(Float.class, new Scalar<Float>("float", (v, o) -> o.writeFloat(v), ByteInput::readFloat));
    add(Short.class, new Scalar<Short>("short", (v, o) -> o.writeZigZagInt(v), i -> (short) i.readZigZagInt()));
    add(Byte.class, new Scalar<Byte>("byte", (v, o) -> o.writeByte(v), ByteInput::readByte));
    add(Boolean.class, new Scalar<Boolean>("boolean", (v, o) -> o.writeByte(v ? 1 : 0), i -> i.readByte() != 0));
    add(Character.class, new Scalar<Character>("char", (v, o) -> o.writeVarLong(v), i -> (char) i.readVarLong()));
    add(byte[].class, new Scalar<byte[]>("binary", ScalarCodecs::writeBinary, i -> i.readBytes(i.readLength())));
    add(Timestamp.class, new Scalar<Timestamp>("timestamp", ScalarCodecs::writeTimestamp, ScalarCodecs::readTimestamp));
    add(Instant.class, new Scalar<Instant>("instant", ScalarCodecs::writeInstant, ScalarCodecs::readInstant));
    add(Date.class, new Scalar<Date>("date", (v, o) -> o.writeZigZagLong(v.getTime()), i -> new Date(i.readZigZagLong())));
    add(BigDecimal.class, new Scalar<BigDecimal>("decimal", ScalarCodecs::writeDecimal, ScalarCodecs::readDecimal));
  }

  private ScalarCodecs() {}

  /** The codec of scalar class {@code c} (boxed), or null when {@code c} is not a scalar. */
  static Codec<?> forClass(Class<?> c) {
    return BY_CLASS.get(c);
  }

  static boolean isScalarName(String name) {
    return BY_NAME.containsKey(name);
  }

  /** The codec of the scalar named {@code name} in a {@link CodecSchema}. */
  static Codec<?> forName(String name) {
    Codec<?> c = BY_NAME.get(name);
    if (c == null) {
      throw new IllegalArgumentException("Unknown scalar type '" + name + "'");
    }
    return c;
  }

  private static void add(Class<?> c, Codec<?> codec) {
    BY_CLASS.put(c, codec);
    BY_NAME.put(codec.schema().scalarName(), codec);
  }

  private static void writeBinary(byte[] v, ByteOutput o) {
    o.writeLength(v.length);
    o.writeBytes(v, 0, v.length);
  }

  private static void writeTimestamp(Timestamp v, ByteOutput o) {
    o.writeZigZagLong(v.getTime());
    o.writeVarLong(v.getNanos());
  }

  private static Timestamp readTimestamp(ByteInput i) {
    Timestamp t = new Timestamp(i.readZigZagLong());
    t.setNanos((int) i.readVarLong());
    return t;
  }

  private static void writeInstant(Instant v, ByteOutput o) {
    o.writeZigZagLong(v.getEpochSecond());
    o.writeVarLong(v.getNano());
  }

  private static Instant readInstant(ByteInput i) {
    long seconds = i.readZigZagLong();
    return Instant.ofEpochSecond(seconds, i.readVarLong());
  }

  private static void writeDecimal(BigDecimal v, ByteOutput o) {
    o.writeZigZagInt(v.scale());
    writeBinary(v.unscaledValue().toByteArray(), o);
  }

  private static BigDecimal readDecimal(ByteInput i) {
    int scale = i.readZigZagInt();
    return new BigDecimal(new BigInteger(i.readBytes(i.readLength())), scale);
  }

  /** A scalar codec from a writer and a reader function. */
  private static final class Scalar<T> implements Codec<T> {
    private final CodecSchema schema;
    private final BiConsumer<T, ByteOutput> writer;
    private final Function<ByteInput, T> reader;

    Scalar(String name, BiConsumer<T, ByteOutput> writer, Function<ByteInput, T> reader) {
      this.schema = CodecSchema.scalar(name);
      this.writer = writer;
      this.reader = reader;
    }

    @Override
    public void write(T value, ByteOutput out) {
      writer.accept(value, out);
    }

    @Override
    public T read(ByteInput in) {
      return reader.apply(in);
    }

    @Override
    public CodecSchema schema() {
      return schema;
    }
  }

  private static final class StringCodec implements Codec<String> {
    private static final CodecSchema SCHEMA = CodecSchema.scalar("string");

    @Override
    public void write(String value, ByteOutput out) {
      out.writeString(value);
    }

    @Override
    public String read(ByteInput in) {
      return in.readString();
    }

    @Override
    public CodecSchema schema() {
      return SCHEMA;
    }
  }

  private static final class LongCodec implements Codec<Long> {
    private static final CodecSchema SCHEMA = CodecSchema.scalar("long");

    @Override
    public void write(Long value, ByteOutput out) {
      out.writeZigZagLong(value);
    }

    @Override
    public Long read(ByteInput in) {
      return in.readZigZagLong();
    }

    @Override
    public CodecSchema schema() {
      return SCHEMA;
    }
  }

  private static final class IntCodec implements Codec<Integer> {
    private static final CodecSchema SCHEMA = CodecSchema.scalar("int");

    @Override
    public void write(Integer value, ByteOutput out) {
      out.writeZigZagInt(value);
    }

    @Override
    public Integer read(ByteInput in) {
      return in.readZigZagInt();
    }

    @Override
    public CodecSchema schema() {
      return SCHEMA;
    }
  }
}
