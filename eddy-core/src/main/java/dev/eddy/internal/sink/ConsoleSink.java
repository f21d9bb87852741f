package dev.eddy.internal.sink;

import dev.eddy.Encoder;
import dev.eddy.Row;
import dev.eddy.internal.codec.TypeEncoder;
import dev.eddy.internal.codec.TypeInfo;
import dev.eddy.spi.Sink;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;

/**
 * Prints every batch it is given; printing a batch again after a restart is expected, as in Spark.
 * Columns come from the encoder, or for {@link Row}s from the first row (an empty batch of rows
 * shows the columns of the last non-empty one).
 *
 * <p>Thread safety: called from the query thread only.
 */
final class ConsoleSink<T> implements Sink<T> {
  private static final String BANNER = "-------------------------------------------\n";

  private final PrintStream out;
  private final TypeEncoder<T> encoder;
  private final int numRows;
  private final boolean truncate;
  private List<String> columns;

  ConsoleSink(PrintStream out, Encoder<T> encoder, int numRows, boolean truncate) {
    this.out = out;
    this.encoder = TypeEncoder.cast(encoder);
    this.numRows = numRows;
    this.truncate = truncate;
    this.columns = this.encoder.columnNames();
  }

  @Override
  public void addBatch(long batchId, List<T> rows) {
    if (encoder.info().kind() == TypeInfo.Kind.ROW && !rows.isEmpty()) {
      columns = ((Row) rows.get(0)).columns();
    }
    int shown = Math.min(rows.size(), numRows + 1);
    List<Object[]> values = new ArrayList<>(shown);
    for (int i = 0; i < shown; i++) {
      values.add(encoder.columnValues(rows.get(i)));
    }
    out.print(BANNER + "Batch: " + batchId + "\n" + BANNER + TableFormatter.format(columns, values, numRows, truncate)
        + "\n");
    out.flush();
  }
}
