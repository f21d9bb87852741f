package dev.eddy.state.rocksdb;

import java.util.Arrays;

/**
 * A key the current batch has read or written: its encoded bytes, its current encoded value (null
 * when absent) and whether the batch changed it. Equality and hash are by the key's content (the
 * hash computed once, when first asked for), so a slot serves as its own key in a hash map.
 *
 * <p>Thread safety: none; used by the thread running the batch.
 */
final class KeySlot {
  final byte[] key;
  private int hash; // computed when first needed: most slots never enter a hash index
  byte[] value;
  boolean changed;

  KeySlot(byte[] key) {
    this.key = key;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof KeySlot s && s.hashCode() == hashCode() && Arrays.equals(s.key, key);
  }

  @Override
  public int hashCode() {
    int h = hash;
    if (h == 0) {
      h = Arrays.hashCode(key) | 1; // never 0, so 0 means "not computed yet"
      hash = h;
    }
    return h;
  }
}
