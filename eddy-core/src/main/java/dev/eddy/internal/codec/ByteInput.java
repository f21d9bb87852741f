package dev.eddy.internal.codec;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads what {@link ByteOutput} wrote, from a byte array range. Reading past the end fails with
 * an {@link IllegalArgumentException} giving the offset, so a truncated value is never decoded
 * silently. {@link #reset} points an instance at new bytes without allocating.
 *
 * <p>Thread safety: none; one reader at a time.
 */
public final class ByteInput {
  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

  private byte[] buf;
  private int pos;
  private int limit;

  public ByteInput(byte[] bytes) {
    reset(bytes, 0, bytes.length);
  }

  public ByteInput(byte[] bytes, int offset, int length) {
    reset(bytes, offset, length);
  }

  /** Reads {@code bytes[offset, offset + length)} next. */
  public ByteInput reset(byte[] bytes, int offset, int length) {
    if (offset < 0 || length < 0 || offset + length > bytes.length) {
      throw new IndexOutOfBoundsException("Range " + offset + "+" + length + " of " + bytes.length + " bytes");
    }
    buf = bytes;
    pos = offset;
    limit = offset + length;
    return this;
  }

  public int position() {
    return pos;
  }

  public int remaining() {
    return limit - pos;
  }

  public void skip(int n) {
    require(n);
    pos += n;
  }

  /** Reads what {@link ByteOutput#writeNullable} wrote: null, or a value through {@code codec}. */
  public <E> E readNullable(Codec<E> codec) {
    return readByte() == 0 ? null : codec.read(this);
  }

  public byte readByte() {
    require(1);
    return buf[pos++];
  }

  public byte[] readBytes(int n) {
    require(n);
    byte[] out = Arrays.copyOfRange(buf, pos, pos + n);
    pos += n;
    return out;
  }

  public long readVarLong() {
    long result = 0;
    for (int shift = 0; shift < 64; shift += 7) {
      byte b = readByte();
      result |= (long) (b & 0x7F) << shift;
      if (b >= 0) {
        return result;
      }
    }
    throw new IllegalArgumentException("Malformed varint ending at offset " + pos);
  }

  /** Reads a length written by {@link ByteOutput#writeLength}, checked against the bytes left. */
  public int readLength() {
    long n = readVarLong();
    if (n < 0 || n > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("Malformed length " + n + " before offset " + pos);
    }
    return (int) n;
  }

  public long readZigZagLong() {
    long v = readVarLong();
    return (v >>> 1) ^ -(v & 1);
  }

  public int readZigZagInt() {
    int v = (int) readVarLong();
    return (v >>> 1) ^ -(v & 1);
  }

  public long readLong() {
    require(8);
    long v = (long) LONGS.get(buf, pos);
    pos += 8;
    return v;
  }

  public int readInt() {
    require(4);
    int v = (int) INTS.get(buf, pos);
    pos += 4;
    return v;
  }

  public double readDouble() {
    return Double.longBitsToDouble(readLong());
  }

  public float readFloat() {
    return Float.intBitsToFloat(readInt());
  }

  public String readString() {
    int n = readLength();
    require(n);
    String s = new String(buf, pos, n, StandardCharsets.UTF_8);
    pos += n;
    return s;
  }

  /** Whether bit {@code bit} of the bit set starting at absolute offset {@code offset} is set. */
  public boolean isBitSet(int offset, int bit) {
    return (buf[offset + (bit >>> 3)] & (1 << (bit & 7))) != 0;
  }

  private void require(int n) {
    if (n > limit - pos) {
      throw new IllegalArgumentException(
          "Truncated data: " + n + " bytes needed at offset " + pos + " but only " + (limit - pos) + " left");
    }
  }
}
