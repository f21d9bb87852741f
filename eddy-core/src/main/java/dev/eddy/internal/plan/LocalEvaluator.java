package dev.eddy.internal.plan;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/** Evaluates a static plan (a list and stateless steps) in the calling thread. */
public final class LocalEvaluator {
  private LocalEvaluator() {}

  /**
   * The rows of {@code plan}.
   *
   * @throws UnsupportedOperationException for a stateful operator on static data
   */
  public static List<Object> collect(LogicalPlan plan) {
    try {
      return eval(plan);
    } catch (RuntimeException e) {
      throw e;
    } catch (Exception e) {
      throw new IllegalStateException("User function failed: " + e, e);
    }
  }

  private static List<Object> eval(LogicalPlan plan) throws Exception {
    if (plan instanceof LogicalPlan.LocalData d) {
      return new ArrayList<>(d.rows());
    }
    if (plan instanceof LogicalPlan.FlatMapGroupsWithState op) {
      throw new UnsupportedOperationException(op.name() + " on a static dataset is not supported by Eddy");
    }
    if (plan instanceof LogicalPlan.Watermark w) {
      return eval(w.child());
    }
    List<Object> in = eval(plan.child());
    List<Object> out = new ArrayList<>(in.size());
    for (Object row : in) {
      if (plan instanceof LogicalPlan.MapRows m) {
        out.add(m.fn().call(row));
      } else if (plan instanceof LogicalPlan.FilterRows f) {
        if (f.fn().call(row)) {
          out.add(row);
        }
      } else if (plan instanceof LogicalPlan.FlatMapRows fm) {
        for (Iterator<Object> it = fm.fn().call(row); it.hasNext(); ) {
          out.add(it.next());
        }
      }
    }
    return out;
  }
}
