package dev.eddy.internal.plan;

import dev.eddy.AnalysisException;
import dev.eddy.streaming.GroupStateTimeout;
import dev.eddy.streaming.OutputMode;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Checks what a query may be (SEMANTICS Q1–Q4) when it starts, before any data is read, and cuts
 * the plan into a {@link QueryPlan}. Messages name the offending operator and option.
 */
public final class Analyzer {
  private Analyzer() {}

  /**
   * Analyses {@code root} for a query in {@code outputMode}.
   *
   * @throws AnalysisException when the query breaks a rule
   * @throws IllegalArgumentException for Complete mode on a stateful query (SEMANTICS Q1)
   */
  public static QueryPlan analyze(LogicalPlan root, OutputMode outputMode) {
    if (!root.isStreaming()) {
      throw new AnalysisException("'writeStream' can be called only on a streaming Dataset; this one reads " + leaf(root).describe());
    }
    List<LogicalPlan> chain = new ArrayList<>();
    for (LogicalPlan n = root; n != null; n = n.child()) {
      chain.add(n);
    }
    Collections.reverse(chain); // source first
    LogicalPlan.StreamSource source = (LogicalPlan.StreamSource) chain.get(0);
    List<LogicalPlan> pre = new ArrayList<>();
    List<LogicalPlan> post = new ArrayList<>();
    List<LogicalPlan.Watermark> watermarks = new ArrayList<>();
    LogicalPlan.FlatMapGroupsWithState stateful = null;
    for (LogicalPlan n : chain.subList(1, chain.size())) {
      if (n instanceof LogicalPlan.FlatMapGroupsWithState op) {
        if (stateful != null) {
          throw new AnalysisException(
              "Eddy runs one stateful operator per query; " + op.name() + " follows " + stateful.name());
        }
        stateful = op;
      } else if (stateful == null) {
        pre.add(n);
        if (n instanceof LogicalPlan.Watermark w) {
          watermarks.add(w);
        }
      } else {
        if (n instanceof LogicalPlan.Watermark w) {
          throw new AnalysisException("withWatermark(\"" + w.column() + "\") after " + stateful.name() + " is not supported");
        }
        post.add(n);
      }
    }
    EventTimeColumn lateFilter = null;
    if (stateful != null) {
      checkStateful(stateful, outputMode, !watermarks.isEmpty());
      if (stateful.timeout() == GroupStateTimeout.EventTimeTimeout()) {
        lateFilter = EventTimeColumn.find(stateful.child().encoder(), watermarks.get(watermarks.size() - 1).column());
      }
    } else if (outputMode == OutputMode.Complete()) {
      throw new AnalysisException(
          "Complete output mode not supported when there are no streaming aggregations; use append or update");
    }
    return new QueryPlan(source, pre, watermarks, stateful, post, lateFilter);
  }

  private static void checkStateful(LogicalPlan.FlatMapGroupsWithState op, OutputMode queryMode, boolean hasWatermark) {
    if (queryMode == OutputMode.Complete()) {
      throw new IllegalArgumentException(
          "Complete output mode is not supported by " + op.name() + "; use update" + (op.isMapGroups() ? "" : " or append"));
    }
    if (op.isMapGroups() && queryMode != OutputMode.Update()) {
      throw new AnalysisException(
          op.name() + " is only supported in Update output mode, but the query's output mode is " + queryMode
              + ": call writeStream().outputMode(\"update\")");
    }
    if (!op.isMapGroups() && op.operatorMode() != queryMode) {
      throw new AnalysisException(
          op.name() + " has output mode " + op.operatorMode() + " but the query's output mode is " + queryMode
              + ": they must be equal when no aggregation follows");
    }
    if (op.timeout() == GroupStateTimeout.EventTimeTimeout() && !hasWatermark) {
      throw new AnalysisException(
          op.name() + " uses EventTimeTimeout, which needs a watermark: call withWatermark(eventTimeColumn, delay) on its input");
    }
  }

  private static LogicalPlan leaf(LogicalPlan n) {
    while (n.child() != null) {
      n = n.child();
    }
    return n;
  }
}
