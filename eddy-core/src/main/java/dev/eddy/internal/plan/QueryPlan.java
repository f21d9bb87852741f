package dev.eddy.internal.plan;

import java.util.List;

/**
 * A plan that passed analysis, cut into the parts the local runner executes: the source, the
 * stateless steps before the stateful operator (run per input partition), the operator, and the
 * stateless steps after it (run per state partition).
 *
 * @param source the streaming source
 * @param preNodes stateless nodes from the source up to the operator (or the sink)
 * @param watermarks the watermark nodes among {@code preNodes}
 * @param stateful the stateful operator, or null
 * @param postNodes stateless nodes after the operator
 * @param lateFilter the event-time column late rows are dropped by before the operator, or null
 *     (SEMANTICS W3)
 */
public record QueryPlan(
    LogicalPlan.StreamSource source,
    List<LogicalPlan> preNodes,
    List<LogicalPlan.Watermark> watermarks,
    LogicalPlan.FlatMapGroupsWithState stateful,
    List<LogicalPlan> postNodes,
    EventTimeColumn lateFilter) {
}
