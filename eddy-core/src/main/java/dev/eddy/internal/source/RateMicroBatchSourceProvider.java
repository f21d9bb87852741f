package dev.eddy.internal.source;

import dev.eddy.Encoder;
import dev.eddy.Encoders;
import dev.eddy.Row;
import dev.eddy.spi.Options;
import dev.eddy.spi.Source;
import dev.eddy.spi.SourceContext;
import dev.eddy.spi.SourceProvider;

/**
 * Format {@code rate-micro-batch}: exactly {@code rowsPerBatch} rows (required, at least 1) in
 * every batch, whatever the clock says, read in {@code numPartitions} partitions (default: the
 * number of processors). Batch {@code b} holds the values {@code [b * rowsPerBatch, (b + 1) *
 * rowsPerBatch)} with the timestamp {@code startTimestamp + b * advanceMillisPerBatch} (defaults 0
 * and 1000). Rows have columns {@code timestamp} and {@code value}, as in Spark. Made for
 * benchmarks and deterministic tests.
 */
public final class RateMicroBatchSourceProvider implements SourceProvider {
  @Override
  public String shortName() {
    return "rate-micro-batch";
  }

  @Override
  public Encoder<Row> schema(Options options) {
    return Encoders.row("timestamp", "value");
  }

  @Override
  public Source<Row> createSource(SourceContext context, Options options) {
    options.requireOnly("rowsPerBatch", "numPartitions", "startTimestamp", "advanceMillisPerBatch");
    options.require("rowsPerBatch");
    long rowsPerBatch = options.getLong("rowsPerBatch", 0, 1);
    int numPartitions = RateSourceProvider.numPartitions(options);
    long startTimestamp = options.getLong("startTimestamp", 0, 0);
    long advanceMillisPerBatch = options.getLong("advanceMillisPerBatch", 1000, 0);
    return new RateMicroBatchSource(rowsPerBatch, numPartitions, startTimestamp, advanceMillisPerBatch);
  }
}
