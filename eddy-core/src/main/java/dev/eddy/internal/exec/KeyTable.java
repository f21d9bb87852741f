package dev.eddy.internal.exec;

import java.util.Arrays;

/**
 * Numbers distinct keys 0, 1, 2, … in order of first arrival: an open-addressing hash table of
 * key ids over parallel arrays of keys and their spread hashes, compared by hash before {@code
 * equals}. Used by the map side ({@link ShuffleBuffer}) and the stateful side ({@link KeyGrouper})
 * of key grouping; they keep their own per-key arrays indexed by the id.
 *
 * <p>Thread safety: none.
 */
final class KeyTable {
  private static final int SPREAD = 0x9E3779B1;

  private Object[] keys = new Object[16];
  private int[] hashes = new int[16];
  private int count;
  private int[] slots = new int[32]; // id + 1, 0 = empty
  private boolean added;

  /** The id of {@code key} ({@code hash} from {@link ShuffleBuffer#hash}), adding it when new. */
  int idOf(Object key, int hash) {
    int slot = slotOf(key, hash);
    int id = slots[slot] - 1;
    added = id < 0;
    return added ? add(slot, key, hash) : id;
  }

  /** The slot holding {@code key}, or the empty slot where it would go. */
  private int slotOf(Object key, int hash) {
    int mask = slots.length - 1;
    int slot = (hash * SPREAD) >>> 7 & mask;
    while (true) {
      int id = slots[slot] - 1;
      if (id < 0 || (hashes[id] == hash && keys[id].equals(key))) {
        return slot;
      }
      slot = (slot + 1) & mask;
    }
  }

  /** Whether the last {@link #idOf} added its key. */
  boolean added() {
    return added;
  }

  /** Whether {@code key} has an id. */
  boolean contains(Object key, int hash) {
    return slots[slotOf(key, hash)] != 0;
  }

  /**
   * Gives {@code key} a new id without looking it up, so the table may then hold it more than once;
   * {@link #idOf} and {@link #contains} must not be used until the next {@link #clear}.
   */
  int append(Object key, int hash) {
    if (count == keys.length) {
      keys = Arrays.copyOf(keys, count * 2);
      hashes = Arrays.copyOf(hashes, count * 2);
    }
    int id = count++;
    keys[id] = key;
    hashes[id] = hash;
    return id;
  }

  private int add(int slot, Object key, int hash) {
    if (count * 2 >= slots.length) {
      rehash(slots.length * 2);
      slot = emptySlot(slots, hash);
    }
    int id = append(key, hash);
    slots[slot] = id + 1;
    return id;
  }

  private void rehash(int capacity) {
    int[] t = new int[capacity];
    for (int id = 0; id < count; id++) {
      t[emptySlot(t, hashes[id])] = id + 1;
    }
    slots = t;
  }

  /** The first empty slot of {@code table} from where {@code hash} starts probing. */
  private static int emptySlot(int[] table, int hash) {
    int mask = table.length - 1;
    int slot = (hash * SPREAD) >>> 7 & mask;
    while (table[slot] != 0) {
      slot = (slot + 1) & mask;
    }
    return slot;
  }

  int size() {
    return count;
  }

  Object key(int id) {
    return keys[id];
  }

  int hash(int id) {
    return hashes[id];
  }

  /** The keys in id order (a view, valid until the next {@link #clear}). */
  java.util.List<Object> keys() {
    return Arrays.asList(keys).subList(0, count);
  }

  /** Forgets every key; sizes the table for about {@code expectedKeys} keys. */
  void clear(int expectedKeys) {
    keys = new Object[Math.max(16, expectedKeys)]; // young: no GC write barrier per key (see ShuffleBuffer)
    count = 0;
    int capacity = Integer.highestOneBit(Math.max(16, expectedKeys) * 2 - 1) << 1;
    if (slots.length != capacity) {
      slots = new int[capacity];
    } else {
      Arrays.fill(slots, 0);
    }
  }
}
