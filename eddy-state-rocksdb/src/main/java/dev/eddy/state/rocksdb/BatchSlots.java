package dev.eddy.state.rocksdb;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.function.Consumer;

/**
 * The keys one batch has read or written in one column family ({@link KeySlot}s), found without
 * encoding or hashing on the engine's usual path: the keys of the last prefetch are kept in the
 * order given, and a lookup by the very key object that comes next in that order (or by the key
 * object of the previous lookup, as in get-then-put) takes its slot directly. Any other lookup
 * goes through a hash index by encoded key, which takes in the prefetched slots the first time it
 * is needed. Every slot is owned either by the prefetched sequence or by the others, never both.
 *
 * <p>Thread safety: none; used by the thread running the batch.
 */
final class BatchSlots {
  private static final KeySlot[] NO_SLOTS = {};
  private static final Object[] NO_KEYS = {};

  private HashMap<KeySlot, KeySlot> index = new HashMap<>();
  private final List<KeySlot> others = new ArrayList<>();
  private KeySlot[] prefetched = NO_SLOTS;
  private Object[] prefetchedKeys = NO_KEYS;
  private int[] prefetchedOrder = new int[0];
  private boolean prefetchedIndexed = true;
  private int cursor;
  private Object lastKey;
  private KeySlot lastSlot;

  /** The slot of {@code key} when the fast path knows it, else null. */
  KeySlot fast(Object key) {
    if (key == null) {
      return null;
    }
    if (key == lastKey) {
      return lastSlot;
    }
    if (cursor < prefetchedKeys.length && prefetchedKeys[cursor] == key) {
      KeySlot s = prefetched[cursor++];
      remember(key, s);
      return s;
    }
    return null;
  }

  /** The slot of encoded key {@code key}, or null when the batch has not seen it. */
  KeySlot find(byte[] key) {
    if (index.isEmpty() && prefetched.length == 0) {
      return null;
    }
    indexPrefetched();
    return index.get(new KeySlot(key));
  }

  /** Adds the slot of a key the batch had not seen; {@code key} object is remembered for it. */
  void add(Object key, KeySlot slot) {
    index.put(slot, slot);
    others.add(slot);
    remember(key, slot);
  }

  /** Makes {@code slot} the answer to the next lookup of the identical {@code key} object. */
  void remember(Object key, KeySlot slot) {
    lastKey = key;
    lastSlot = slot;
  }

  /**
   * Starts a new prefetched sequence: {@code keys[i]} is the key object of {@code slots[i]}, and
   * {@code fresh} lists, by ascending key, the indexes of the slots new to the batch. The other
   * entries of {@code slots} are slots the batch already had or repeat a fresh slot (a key given
   * twice). The previous sequence joins the other slots.
   */
  void setPrefetched(Object[] keys, KeySlot[] slots, int[] fresh) {
    indexPrefetched();
    for (int i : prefetchedOrder) {
      others.add(prefetched[i]);
    }
    prefetched = slots;
    prefetchedKeys = keys;
    prefetchedOrder = fresh;
    prefetchedIndexed = fresh.length == 0;
    cursor = 0;
  }

  /** Hands every slot the batch changed to {@code action}, in ascending key order. */
  void forEachChanged(Consumer<KeySlot> action) {
    List<KeySlot> changedOthers = new ArrayList<>();
    for (KeySlot s : others) {
      if (s.changed) {
        changedOthers.add(s);
      }
    }
    byte[][] otherKeys = new byte[changedOthers.size()][];
    for (int i = 0; i < otherKeys.length; i++) {
      otherKeys[i] = changedOthers.get(i).key;
    }
    int[] otherOrder = KeyOrder.sorted(otherKeys);
    int o = 0;
    for (int i : prefetchedOrder) {
      KeySlot p = prefetched[i];
      if (!p.changed) {
        continue;
      }
      for (; o < otherOrder.length && Arrays.compareUnsigned(otherKeys[otherOrder[o]], p.key) < 0; o++) {
        action.accept(changedOthers.get(otherOrder[o]));
      }
      action.accept(p);
    }
    for (; o < otherOrder.length; o++) {
      action.accept(changedOthers.get(otherOrder[o]));
    }
  }

  /** Forgets every slot: the batch ended. */
  void clear() {
    index = new HashMap<>();
    others.clear();
    prefetched = NO_SLOTS;
    prefetchedKeys = NO_KEYS;
    prefetchedOrder = new int[0];
    prefetchedIndexed = true;
    cursor = 0;
    lastKey = null;
    lastSlot = null;
  }

  private void indexPrefetched() {
    if (!prefetchedIndexed) {
      for (int i : prefetchedOrder) {
        index.put(prefetched[i], prefetched[i]);
      }
      prefetchedIndexed = true;
    }
  }
}
