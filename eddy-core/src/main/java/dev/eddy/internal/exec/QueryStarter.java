package dev.eddy.internal.exec;

import dev.eddy.AnalysisException;
import dev.eddy.internal.checkpoint.FileCheckpoint;
import dev.eddy.internal.checkpoint.InMemoryCheckpoint;
import dev.eddy.internal.checkpoint.QueryCheckpoint;
import dev.eddy.internal.conf.SessionConf;
import dev.eddy.internal.plan.Analyzer;
import dev.eddy.internal.plan.LogicalPlan;
import dev.eddy.internal.plan.QueryPlan;
import dev.eddy.spi.Options;
import dev.eddy.spi.Sink;
import dev.eddy.spi.SinkContext;
import dev.eddy.spi.SinkProvider;
import dev.eddy.spi.Source;
import dev.eddy.spi.SourceContext;
import dev.eddy.spi.SourceProvider;
import dev.eddy.streaming.OutputMode;
import dev.eddy.streaming.StreamingQuery;
import dev.eddy.streaming.StreamingQueryManager;
import dev.eddy.streaming.Trigger;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.concurrent.ExecutorService;

/**
 * Turns what the user configured on {@code writeStream()} into a running query: analysis, source
 * and sink creation with option validation, state store providers, then the query thread.
 * Everything that can be rejected is rejected here, before any data is read (SEMANTICS Q4).
 */
public final class QueryStarter {
  private QueryStarter() {}

  /**
   * What {@code DataStreamWriter.start()} hands over.
   *
   * @param sinkInstance a ready sink (foreachBatch), or null to create one from {@code format}
   */
  public record Request(
      LogicalPlan root,
      String format,
      Map<String, String> options,
      Sink<Object> sinkInstance,
      OutputMode outputMode,
      Trigger trigger,
      String queryName,
      SessionConf conf,
      dev.eddy.spi.Clock clock,
      ExecutorService workers,
      StreamingQueryManager manager) {}

  /** Starts the query described by {@code request}. */
  @SuppressWarnings("unchecked")
  public static StreamingQuery start(Request request) {
    SessionConf conf = request.conf().with(queryConf(request.options()));
    QueryPlan plan = Analyzer.analyze(request.root(), request.outputMode());
    Path checkpointDir = checkpointDir(request, conf);
    QueryCheckpoint checkpoint;
    try {
      checkpoint = checkpointDir == null
          ? new InMemoryCheckpoint()
          : new FileCheckpoint(checkpointDir, conf.minBatchesToRetain());
    } catch (IllegalStateException e) {
      throw new AnalysisException(e.getMessage(), e);
    }
    StatefulOperator operator = null;
    Source<Object> source = null;
    try {
      source = (Source<Object>) createSource(
          plan.source(), request.clock(), checkpointDir == null ? null : checkpointDir.resolve("sources").resolve("0"));
      Sink<Object> sink = request.sinkInstance();
      String sinkDescription = "ForeachBatchSink";
      if (sink == null) {
        sink = createSink(request);
        sinkDescription = request.format();
      }
      if (plan.stateful() != null) {
        long committed = checkpoint.latestCommit().map(c -> c.batchId() + 1).orElse(0L);
        StateLayout layout = checkpointDir == null
            ? StateLayout.inMemory(plan.stateful(), conf)
            : StateLayout.open(checkpointDir.resolve("state"), plan.stateful(), conf, committed);
        operator = new StatefulOperator(
            plan.stateful(), layout.providers, layout.versionBase, !plan.watermarks().isEmpty(), plan.postNodes());
      }
      return launch(request, conf, plan, checkpoint, source, sink, sinkDescription, operator);
    } catch (RuntimeException e) {
      if (source != null) {
        try {
          source.stop();
        } catch (RuntimeException stopFailure) {
          e.addSuppressed(stopFailure);
        }
      }
      if (operator != null) {
        operator.close();
      }
      checkpoint.close();
      throw e;
    }
  }

  private static StreamingQuery launch(
      Request request, SessionConf conf, QueryPlan plan, QueryCheckpoint checkpoint, Source<Object> source,
      Sink<Object> sink, String sinkDescription, StatefulOperator operator) {
    long[] delays = new long[plan.watermarks().size()];
    for (int i = 0; i < delays.length; i++) {
      delays[i] = plan.watermarks().get(i).delayMs();
    }
    StreamingQueryImpl query =
        new StreamingQueryImpl(
            new StreamingQueryImpl.QueryParts(
                request.queryName(), request.root(), plan, request.trigger(), request.clock(), conf.pollingDelayMs(),
                source, sink, sinkDescription, operator, new WatermarkTracker(delays, conf.maxWatermarkPolicy()),
                checkpoint, request.workers(), conf.noDataMicroBatches(), conf.numRecentProgress(),
                conf.stateGrowthWarningBatches(), conf.maintenanceIntervalMs(), request.manager()));
    query.start();
    return query;
  }

  /** Whether a writer option is a session setting for this query rather than the sink's. */
  private static boolean isSetting(String option) {
    return option.startsWith("eddy.") || option.startsWith("spark.");
  }

  private static Map<String, String> queryConf(Map<String, String> options) {
    Map<String, String> out = new java.util.LinkedHashMap<>();
    options.forEach((k, v) -> {
      if (isSetting(k)) {
        out.put(k, v);
      }
    });
    return out;
  }

  /**
   * The query's checkpoint directory: the {@code checkpointLocation} option, or {@code
   * <eddy.sql.streaming.checkpointLocation>/<queryName>}; null for none.
   */
  private static Path checkpointDir(Request request, SessionConf conf) {
    String location = request.options().get("checkpointlocation");
    if (location != null) {
      return Path.of(location);
    }
    if (conf.checkpointLocation() != null) {
      if (request.queryName() == null) {
        throw new AnalysisException(
            "Setting '" + SessionConf.CHECKPOINT_LOCATION + "' needs a queryName to place the query's checkpoint under it");
      }
      return Path.of(conf.checkpointLocation(), request.queryName());
    }
    return null;
  }

  private static Source<?> createSource(LogicalPlan.StreamSource node, dev.eddy.spi.Clock clock, Path metadataDir) {
    if (node.instance() != null) {
      return node.instance().get();
    }
    SourceProvider provider = findSource(node.format());
    try {
      return provider.createSource(
          new SourceContext(clock, metadataDir, node.declaredSchema()), new Options(node.format(), node.options()));
    } catch (IllegalArgumentException e) {
      throw new AnalysisException("Cannot start source '" + node.format() + "': " + e.getMessage(), e);
    }
  }

  /**
   * The provider of source format {@code format}.
   *
   * @throws AnalysisException naming the format and the known ones
   */
  public static SourceProvider findSource(String format) {
    List<String> known = new ArrayList<>();
    for (SourceProvider p : ServiceLoader.load(SourceProvider.class, QueryStarter.class.getClassLoader())) {
      if (p.shortName().equalsIgnoreCase(format)) {
        return p;
      }
      known.add(p.shortName());
    }
    throw new AnalysisException("Unknown source format '" + format + "'; known formats: " + known);
  }

  private static Sink<Object> createSink(Request request) {
    String format = request.format();
    if (format == null) {
      throw new AnalysisException("No sink format: call writeStream().format(...) or foreachBatch(...)");
    }
    List<String> known = new ArrayList<>();
    for (SinkProvider p : ServiceLoader.load(SinkProvider.class, QueryStarter.class.getClassLoader())) {
      if (p.shortName().equalsIgnoreCase(format)) {
        Map<String, String> sinkOptions = new java.util.LinkedHashMap<>();
        request.options().forEach((k, v) -> {
          if (!k.equals("checkpointlocation") && !isSetting(k)) {
            sinkOptions.put(k, v);
          }
        });
        try {
          @SuppressWarnings("unchecked")
          SinkContext<Object> ctx =
              new SinkContext<>(request.queryName(), (dev.eddy.Encoder<Object>) request.root().encoder(), request.outputMode());
          return p.createSink(ctx, new Options(format, sinkOptions));
        } catch (IllegalArgumentException e) {
          throw new AnalysisException("Cannot start sink '" + format + "': " + e.getMessage(), e);
        }
      }
      known.add(p.shortName());
    }
    throw new AnalysisException("Unknown sink format '" + format + "'; known formats: " + known + ", foreachBatch");
  }

}
