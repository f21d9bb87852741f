package dev.eddy.internal.state;

import dev.eddy.spi.StateTable;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * One column family of the memory backend: live objects in a {@link HashMap}, changed in place,
 * with an undo log that appends (key, previous value) per change — one list append rather than a
 * second hash lookup — and is replayed backwards on abort, so a key changed twice ends at its
 * first previous value. The logged keys are also what a commit writes to the delta file.
 *
 * <p>Thread safety: none; the batch thread owns it.
 */
final class LiveTable<K, V> implements StateTable<K, V> {
  private static final Object ABSENT = new Object();

  final HashMap<K, V> live = new HashMap<>();
  private Object[] undoKeys = new Object[64];
  private Object[] undoPrevs = new Object[64];
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
    logChange(key, prev == null ? ABSENT : prev);
  }

  @Override
  public void remove(K key) {
    V prev = live.remove(key);
    if (prev != null) {
      logChange(key, prev);
    }
  }

  private void logChange(Object key, Object prev) {
    if (undoSize == undoKeys.length) {
      undoKeys = Arrays.copyOf(undoKeys, undoSize * 2);
      undoPrevs = Arrays.copyOf(undoPrevs, undoSize * 2);
    }
    undoKeys[undoSize] = key;
    undoPrevs[undoSize] = prev;
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

  /** The keys changed since the last commit, possibly more than once each. */
  List<Object> changedKeys() {
    return Arrays.asList(undoKeys).subList(0, undoSize);
  }

  /** Makes the changes permanent: forgets the undo log. */
  void forgetChanges() {
    Arrays.fill(undoKeys, 0, undoSize, null);
    Arrays.fill(undoPrevs, 0, undoSize, null);
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
