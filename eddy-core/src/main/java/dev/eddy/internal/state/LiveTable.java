package dev.eddy.internal.state;

import dev.eddy.spi.StateTable;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;

/**
 * One column family of the memory backend: live objects in a {@link HashMap}, changed in place,
 * with a change log that appends (key, previous value, new value) per change — array appends
 * rather than a second hash lookup. Abort replays it backwards, so a key changed twice ends at its
 * first previous value; commit writes it to the delta file newest change first, without looking
 * any key up again.
 *
 * <p>Thread safety: none; the batch thread owns it.
 */
final class LiveTable<K, V> implements StateTable<K, V> {
  private static final Object ABSENT = new Object();

  final HashMap<K, V> live = new HashMap<>();
  private Object[] undoKeys = new Object[64];
  private Object[] undoPrevs = new Object[64];
  private Object[] undoNews = new Object[64];
  private int undoSize;

  @Override
  public V get(K key) {
    return live.get(key);
  }

  @Override
  public void put(K key, V value) {
    if (value == null) {
      throw new IllegalArgumentException("State value must not be null (key " + key + ")");
    }
    V prev = live.put(key, value);
    logChange(key, prev == null ? ABSENT : prev, value);
  }

  @Override
  public void remove(K key) {
    V prev = live.remove(key);
    if (prev != null) {
      logChange(key, prev, ABSENT);
    }
  }

  private void logChange(Object key, Object prev, Object now) {
    if (undoSize == undoKeys.length) {
      undoKeys = Arrays.copyOf(undoKeys, undoSize * 2);
      undoPrevs = Arrays.copyOf(undoPrevs, undoSize * 2);
      undoNews = Arrays.copyOf(undoNews, undoSize * 2);
    }
    undoKeys[undoSize] = key;
    undoPrevs[undoSize] = prev;
    undoNews[undoSize] = now;
    undoSize++;
  }

  @Override
  public Iterator<Map.Entry<K, V>> iterator() {
    return live.entrySet().iterator();
  }

  @Override
  public long size() {
    return live.size();
  }

  /** The number of changes since the last commit (a key changed twice counts twice). */
  int changeCount() {
    return undoSize;
  }

  /**
   * Writes the changes since the last commit to {@code w} as family {@code family}, newest first:
   * a key changed twice appears twice, its final value first, which is what readers keep.
   */
  void writeChanges(int family, StateFile.Writer w) {
    for (int i = undoSize - 1; i >= 0; i--) {
      if (undoNews[i] == ABSENT) {
        w.delete(family, undoKeys[i]);
      } else {
        w.put(family, undoKeys[i], undoNews[i]);
      }
    }
  }

  /** Writes every entry to {@code w} as family {@code family}. */
  void writeAll(int family, StateFile.Writer w) {
    for (Map.Entry<K, V> e : live.entrySet()) {
      w.put(family, e.getKey(), e.getValue());
    }
  }

  /** Makes the changes permanent: forgets the change log. */
  void forgetChanges() {
    // New arrays rather than the old ones emptied: storing young objects into arrays that have
    // lived through a collection costs a GC write barrier (card mark + fence) per store.
    int capacity = Math.max(64, undoSize);
    undoKeys = new Object[capacity];
    undoPrevs = new Object[capacity];
    undoNews = new Object[capacity];
    undoSize = 0;
  }

  /** Restores the state of the last commit. */
  @SuppressWarnings("unchecked")
  void rollback() {
    for (int i = undoSize - 1; i >= 0; i--) {
      if (undoPrevs[i] == ABSENT) {
        live.remove((K) undoKeys[i]);
      } else {
        live.put((K) undoKeys[i], (V) undoPrevs[i]);
      }
    }
    forgetChanges();
  }

  /** Empties the table and its undo log. */
  void clear() {
    live.clear();
    forgetChanges();
  }
}
