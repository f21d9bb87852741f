package dev.eddy.internal.sink;

import dev.eddy.spi.Options;
import dev.eddy.spi.Sink;
import dev.eddy.spi.SinkContext;
import dev.eddy.spi.SinkProvider;

/**
 * Format {@code memory}: appends every batch's rows to the table named after the query in {@link
 * MemorySinkTables}, once per batch id. Needs {@code queryName}; takes no options.
 */
public final class MemorySinkProvider implements SinkProvider {
  @Override
  public String shortName() {
    return "memory";
  }

  @Override
  public <T> Sink<T> createSink(SinkContext<T> context, Options options) {
    options.requireOnly();
    String name = context.queryName();
    if (name == null) {
      throw new IllegalArgumentException("memory sink requires queryName");
    }
    return (batchId, rows) -> MemorySinkTables.add(name, batchId, rows);
  }
}
