package dev.eddy.internal.sink;

import dev.eddy.spi.Options;
import dev.eddy.spi.Sink;
import dev.eddy.spi.SinkContext;
import dev.eddy.spi.SinkProvider;

/** Format {@code noop}: discards every row; for benchmarks, as in Spark. Takes no options. */
public final class NoopSinkProvider implements SinkProvider {
  @Override
  public String shortName() {
    return "noop";
  }

  @Override
  public <T> Sink<T> createSink(SinkContext<T> context, Options options) {
    options.requireOnly();
    return (batchId, rows) -> {};
  }
}
