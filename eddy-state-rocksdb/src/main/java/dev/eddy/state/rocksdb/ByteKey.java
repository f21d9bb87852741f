package dev.eddy.state.rocksdb;

import java.util.Arrays;

/**
 * An encoded key as a hash map key: equality and hash by content, the hash computed once.
 *
 * <p>Thread safety: immutable as long as nobody changes the array, which nobody does.
 */
final class ByteKey {
  final byte[] bytes;
  private final int hash;

  ByteKey(byte[] bytes) {
    this.bytes = bytes;
    this.hash = Arrays.hashCode(bytes);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ByteKey && ((ByteKey) o).hash == hash && Arrays.equals(((ByteKey) o).bytes, bytes);
  }

  @Override
  public int hashCode() {
    return hash;
  }
}
