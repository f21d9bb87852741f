package dev.eddy.internal.sink;

import dev.eddy.spi.Options;
import dev.eddy.spi.Sink;
import dev.eddy.spi.SinkContext;
import dev.eddy.spi.SinkProvider;
import java.io.PrintStream;

/**
 * Format {@code console}: prints each batch to standard output as Spark does, a {@code Batch: n}
 * banner followed by the table of {@link TableFormatter}. Options: {@code numRows} (default 20,
 * at least 1) and {@code truncate} (default true).
 */
public final class ConsoleSinkProvider implements SinkProvider {
  private final PrintStream out;

  public ConsoleSinkProvider() {
    this(null);
  }

  /** Prints to {@code out} instead of {@code System.out}, which is read when a sink is created. */
  ConsoleSinkProvider(PrintStream out) {
    this.out = out;
  }

  @Override
  public String shortName() {
    return "console";
  }

  @Override
  public <T> Sink<T> createSink(SinkContext<T> context, Options options) {
    options.requireOnly("numRows", "truncate");
    long numRows = options.getLong("numRows", 20, 1);
    if (numRows > Integer.MAX_VALUE) {
      throw new IllegalArgumentException("Option 'numRows' for format '" + options.format()
          + "' must be at most " + Integer.MAX_VALUE + ", got " + numRows);
    }
    boolean truncate = options.getBoolean("truncate", true);
    return new ConsoleSink<>(out == null ? System.out : out, context.encoder(), (int) numRows, truncate);
  }
}
