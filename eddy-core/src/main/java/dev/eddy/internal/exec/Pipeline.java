package dev.eddy.internal.exec;

import dev.eddy.internal.plan.LogicalPlan;
import dev.eddy.spi.RowConsumer;
import java.util.Iterator;
import java.util.List;

/**
 * Fuses a chain of stateless plan nodes (map, filter, flatMap, watermark) into one push-based
 * consumer, so a row flows through the whole chain with one virtual call per step and no
 * intermediate collections.
 */
final class Pipeline {
  private Pipeline() {}

  /** Observes event times at watermark nodes; one instance per task. */
  interface EventTimeObserver {
    void observe(int watermarkIndex, long eventTimeMs);
  }

  /**
   * Builds the consumer that runs {@code nodes} (ordered from the source towards the sink) and
   * hands each result to {@code terminal}. Watermark nodes are numbered in {@code watermarks}
   * order.
   */
  static RowConsumer<Object> build(
      List<LogicalPlan> nodes,
      List<LogicalPlan.Watermark> watermarks,
      EventTimeObserver observer,
      RowConsumer<Object> terminal) {
    RowConsumer<Object> next = terminal;
    for (int i = nodes.size() - 1; i >= 0; i--) {
      next = stage(nodes.get(i), watermarks, observer, next);
    }
    return next;
  }

  private static RowConsumer<Object> stage(
      LogicalPlan node,
      List<LogicalPlan.Watermark> watermarks,
      EventTimeObserver observer,
      RowConsumer<Object> next) {
    if (node instanceof LogicalPlan.MapRows m) {
      return row -> next.accept(m.fn().call(row));
    }
    if (node instanceof LogicalPlan.FilterRows f) {
      return row -> {
        if (f.fn().call(row)) {
          next.accept(row);
        }
      };
    }
    if (node instanceof LogicalPlan.FlatMapRows fm) {
      return row -> {
        Iterator<Object> it = fm.fn().call(row);
        while (it.hasNext()) {
          next.accept(it.next());
        }
      };
    }
    if (node instanceof LogicalPlan.Watermark w) {
      int index = watermarks.indexOf(w);
      return row -> {
        observer.observe(index, w.eventTime().millis(row));
        next.accept(row);
      };
    }
    throw new IllegalArgumentException("Not a stateless node: " + node.describe());
  }
}
