package dev.eddy.internal.plan;

import dev.eddy.Encoder;
import dev.eddy.function.FilterFunction;
import dev.eddy.function.FlatMapFunction;
import dev.eddy.function.MapFunction;
import dev.eddy.spi.Source;
import dev.eddy.streaming.GroupStateTimeout;
import dev.eddy.streaming.OutputMode;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/** A node of the logical plan. Every node knows the encoder of the rows it produces. */
public sealed interface LogicalPlan
    permits LogicalPlan.StreamSource,
        LogicalPlan.LocalData,
        LogicalPlan.MapRows,
        LogicalPlan.FilterRows,
        LogicalPlan.FlatMapRows,
        LogicalPlan.Watermark,
        LogicalPlan.FlatMapGroupsWithState {

  /** The encoder of this node's output rows. */
  Encoder<?> encoder();

  /** The input node, or null for a leaf. */
  LogicalPlan child();

  /** One line describing this node for {@code explain()}. */
  String describe();

  /** The plan under {@code root} as indented text, sink side first. */
  static String tree(LogicalPlan root) {
    StringBuilder sb = new StringBuilder();
    int depth = 0;
    for (LogicalPlan n = root; n != null; n = n.child()) {
      sb.append("  ".repeat(depth)).append(depth == 0 ? "" : "+- ").append(n.describe()).append('\n');
      depth++;
    }
    return sb.toString();
  }

  /** Whether a streaming source is below (or at) this node. */
  default boolean isStreaming() {
    return this instanceof StreamSource || (child() != null && child().isStreaming());
  }

  /**
   * A streaming source: either a registered format with options (and the schema the user declared,
   * or null), or a source instance (such as a memory stream) made by the caller.
   */
  record StreamSource(
      String format, Map<String, String> options, Encoder<?> encoder, Encoder<?> declaredSchema,
      Supplier<Source<?>> instance)
      implements LogicalPlan {
    @Override
    public LogicalPlan child() {
      return null;
    }

    @Override
    public String describe() {
      return "StreamingSource " + format + (options.isEmpty() ? "" : " " + options);
    }
  }

  /** A finite list of rows: a static dataset, such as the rows of one batch or initial state. */
  record LocalData(List<?> rows, Encoder<?> encoder) implements LogicalPlan {
    @Override
    public LogicalPlan child() {
      return null;
    }

    @Override
    public String describe() {
      return "LocalData [" + rows.size() + " rows]";
    }
  }

  /** {@code map}. */
  record MapRows(LogicalPlan child, MapFunction<Object, Object> fn, Encoder<?> encoder) implements LogicalPlan {
    @Override
    public String describe() {
      return "Map -> " + encoder.schemaString();
    }
  }

  /** {@code filter}. */
  record FilterRows(LogicalPlan child, FilterFunction<Object> fn) implements LogicalPlan {
    @Override
    public Encoder<?> encoder() {
      return child.encoder();
    }

    @Override
    public String describe() {
      return "Filter";
    }
  }

  /** {@code flatMap}. */
  record FlatMapRows(LogicalPlan child, FlatMapFunction<Object, Object> fn, Encoder<?> encoder)
      implements LogicalPlan {
    @Override
    public String describe() {
      return "FlatMap -> " + encoder.schemaString();
    }
  }

  /** {@code withWatermark(column, delay)}. */
  record Watermark(LogicalPlan child, String column, long delayMs, EventTimeColumn eventTime)
      implements LogicalPlan {
    @Override
    public Encoder<?> encoder() {
      return child.encoder();
    }

    @Override
    public String describe() {
      return "EventTimeWatermark " + column + ", delay " + delayMs + " ms";
    }
  }

  /**
   * {@code mapGroupsWithState} / {@code flatMapGroupsWithState}. A map-groups function is stored in
   * its flat form (one output row per call) with {@code isMapGroups} set.
   *
   * @param name the operator as the user wrote it, with its call site, for messages
   * @param initialState key/state pairs applied in batch 0, or null
   */
  record FlatMapGroupsWithState(
      LogicalPlan child,
      MapFunction<Object, Object> keyFn,
      Encoder<?> keyEncoder,
      GroupFunction fn,
      Encoder<?> stateEncoder,
      Encoder<?> encoder,
      OutputMode operatorMode,
      GroupStateTimeout timeout,
      boolean isMapGroups,
      List<Map.Entry<Object, Object>> initialState,
      String name)
      implements LogicalPlan {
    @Override
    public String describe() {
      return (isMapGroups ? "MapGroupsWithState" : "FlatMapGroupsWithState")
          + " [" + name + ", timeout=" + timeout + ", mode=" + operatorMode
          + ", state=" + stateEncoder.schemaString() + "] -> " + encoder.schemaString();
    }
  }
}
