package dev.eddy.internal.source;

import dev.eddy.Row;
import dev.eddy.spi.InputPartition;
import java.util.ArrayList;
import java.util.List;

/** Reads source partitions into lists for assertions. */
final class Partitions {
  private Partitions() {}

  /** The rows of every partition, in partition order. */
  static List<RateRow> readAll(List<InputPartition<Row>> parts) throws Exception {
    List<RateRow> rows = new ArrayList<>();
    for (InputPartition<Row> p : parts) {
      rows.addAll(read(p));
    }
    return rows;
  }

  static List<RateRow> read(InputPartition<Row> part) throws Exception {
    List<RateRow> rows = new ArrayList<>();
    part.read(r -> rows.add((RateRow) r));
    return rows;
  }

  /** The values of {@code rows}. */
  static List<Long> values(List<RateRow> rows) {
    List<Long> values = new ArrayList<>();
    for (RateRow r : rows) {
      values.add(r.value());
    }
    return values;
  }

  /** {@code [from, to)} as a list. */
  static List<Long> range(long from, long to) {
    List<Long> values = new ArrayList<>();
    for (long v = from; v < to; v++) {
      values.add(v);
    }
    return values;
  }
}
