package dev.eddy.internal.codec;

/**
 * A compact binary form of values of type {@code T}, made once per type by {@link Codecs} from the
 * type's {@link TypeInfo} (method handles, no reflection per value, never Java serialization).
 * Values written at the top level must not be null; nullable record or bean fields and
 * collection elements carry a presence bit or byte inside their container.
 *
 * <p>Thread safety: codecs are immutable and shared; the {@link ByteOutput}/{@link ByteInput}
 * passed in belong to the caller.
 */
public interface Codec<T> {
  /** Appends the bytes of {@code value} (not null) to {@code out}. */
  void write(T value, ByteOutput out);

  /**
   * Reads one value from {@code in}.
   *
   * @throws IllegalArgumentException when the bytes are truncated or malformed
   */
  T read(ByteInput in);

  /** The shape of what {@link #write} produces, as recorded in the checkpoint. */
  CodecSchema schema();

  /** The bytes of {@code value} in a new array. */
  default byte[] encode(T value) {
    ByteOutput out = new ByteOutput();
    write(value, out);
    return out.toByteArray();
  }

  /**
   * The value held by all of {@code bytes}.
   *
   * @throws IllegalArgumentException when bytes are missing or left over
   */
  default T decode(byte[] bytes) {
    ByteInput in = new ByteInput(bytes);
    T value = read(in);
    if (in.remaining() != 0) {
      throw new IllegalArgumentException(
          in.remaining() + " bytes left over after decoding " + schema() + " from " + bytes.length + " bytes");
    }
    return value;
  }
}
