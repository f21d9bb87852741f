package dev.eddy.internal.codec;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * A growable byte buffer that {@link Codec}s write to: varints (unsigned LEB128), zig-zag
 * varints, big-endian fixed-width numbers and length-prefixed UTF-8 strings. Reuse one instance
 * per thread with {@link #reset()} to encode many values without allocating.
 *
 * <p>Thread safety: none; one writer at a time.
 */
public final class ByteOutput {
  private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);
  private static final VarHandle INTS = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.BIG_ENDIAN);

  private byte[] buf;
  private int pos;

  public ByteOutput() {
    this(64);
  }

  public ByteOutput(int initialCapacity) {
    buf = new byte[Math.max(16, initialCapacity)];
  }

  /** Forgets everything written; the buffer is kept. */
  public void reset() {
    pos = 0;
  }

  /** Number of bytes written. */
  public int size() {
    return pos;
  }

  /** The internal buffer; bytes {@code [0, size())} are valid until the next write or reset. */
  public byte[] buffer() {
    return buf;
  }

  /** A copy of the bytes written. */
  public byte[] toByteArray() {
    return Arrays.copyOf(buf, pos);
  }

  /** Writes a presence byte, then {@code value} through {@code codec} when it is not null. */
  public <E> void writeNullable(Codec<E> codec, E value) {
    if (value == null) {
      writeByte(0);
    } else {
      writeByte(1);
      codec.write(value, this);
    }
  }

  public void writeByte(int b) {
    ensure(1);
    buf[pos++] = (byte) b;
  }

  public void writeBytes(byte[] b, int off, int len) {
    ensure(len);
    System.arraycopy(b, off, buf, pos, len);
    pos += len;
  }

  /** Writes {@code v} as an unsigned LEB128 varint (1 to 10 bytes). */
  public void writeVarLong(long v) {
    ensure(10);
    while ((v & ~0x7FL) != 0) {
      buf[pos++] = (byte) ((v & 0x7F) | 0x80);
      v >>>= 7;
    }
    buf[pos++] = (byte) v;
  }

  /** Writes a non-negative length or count as a varint. */
  public void writeLength(int n) {
    if (n < 0) {
      throw new IllegalArgumentException("Negative length " + n);
    }
    writeVarLong(n);
  }

  /** Writes {@code v} zig-zag encoded, so small negative numbers stay short. */
  public void writeZigZagLong(long v) {
    writeVarLong((v << 1) ^ (v >> 63));
  }

  public void writeZigZagInt(int v) {
    writeVarLong(((v << 1) ^ (v >> 31)) & 0xFFFFFFFFL);
  }

  public void writeLong(long v) {
    ensure(8);
    LONGS.set(buf, pos, v);
    pos += 8;
  }

  public void writeInt(int v) {
    ensure(4);
    INTS.set(buf, pos, v);
    pos += 4;
  }

  public void writeDouble(double v) {
    writeLong(Double.doubleToRawLongBits(v));
  }

  public void writeFloat(float v) {
    writeInt(Float.floatToRawIntBits(v));
  }

  /** Writes the UTF-8 bytes of {@code s} prefixed by their count; ASCII is copied without a scan pass. */
  public void writeString(String s) {
    int n = s.length();
    ensure(n + 5);
    int start = pos;
    writeVarLong(n);
    int p = pos;
    for (int i = 0; i < n; i++) {
      char c = s.charAt(i);
      if (c >= 0x80) {
        pos = start;
        byte[] utf8 = s.getBytes(StandardCharsets.UTF_8);
        writeVarLong(utf8.length);
        writeBytes(utf8, 0, utf8.length);
        return;
      }
      buf[p++] = (byte) c;
    }
    pos = p;
  }

  /** Appends {@code n} zero bytes and returns where they start, for {@link #setBit}. */
  public int reserve(int n) {
    ensure(n);
    int at = pos;
    Arrays.fill(buf, at, at + n, (byte) 0);
    pos += n;
    return at;
  }

  /** Sets bit {@code bit} of the bit set that starts at {@code offset}. */
  public void setBit(int offset, int bit) {
    buf[offset + (bit >>> 3)] |= (byte) (1 << (bit & 7));
  }

  private void ensure(int n) {
    if (pos + n > buf.length) {
      buf = Arrays.copyOf(buf, Math.max(buf.length * 2, pos + n));
    }
  }
}
