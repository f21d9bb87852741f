package dev.eddy.state.rocksdb;

import java.util.Arrays;

/**
 * A key the current batch has read or written: its encoded bytes, its current encoded value (null
 * when absent) and whether the batch changed it. Equality and hash are by the key's content (the
 * hash computed once), so a slot serves as its own key in a hash map.
 *
 * <p>Thread safety: none; used by the thread running the batch.
 */
final class KeySlot {
  final byte[] key;
  private final int hash;
  byte[] value;
  boolean changed;

  KeySlot(byte[] key) {
    this.key = key;
    this.hash = Arrays.hashCode(key);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof KeySlot s && s.hash == hash && Arrays.equals(s.key, key);
  }

  @Override
  public int hashCode() {
    return hash;
  }
}
