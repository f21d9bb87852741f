package dev.eddy.internal.sink;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The process-wide tables of the {@code memory} sink: for each query name, the rows of every
 * batch in batch order. A batch id is taken once; handing the same batch id over again (after a
 * restart) changes nothing.
 *
 * <p>Thread safety: every method may be called from any thread; a table is changed and copied
 * under its own lock, so {@link #rows} sees whole batches only.
 */
public final class MemorySinkTables {
  private static final Map<String, Table> TABLES = new ConcurrentHashMap<>();

  private MemorySinkTables() {}

  /** A copy of the rows of table {@code name} (empty when there is no such table). */
  public static List<Object> rows(String name) {
    Table t = TABLES.get(name);
    return t == null ? List.of() : t.snapshot();
  }

  /** Drops table {@code name} and the batch ids it has seen. */
  public static void clear(String name) {
    TABLES.remove(name);
  }

  /** Appends {@code rows} to table {@code name} unless it already has batch {@code batchId}. */
  static void add(String name, long batchId, List<?> rows) {
    TABLES.computeIfAbsent(name, n -> new Table()).add(batchId, rows);
  }

  private static final class Table {
    private final List<Object> rows = new ArrayList<>();
    private final Set<Long> batchIds = new HashSet<>();

    synchronized void add(long batchId, List<?> batch) {
      if (batchIds.add(batchId)) {
        rows.addAll(batch);
      }
    }

    synchronized List<Object> snapshot() {
      return new ArrayList<>(rows);
    }
  }
}
