package dev.eddy.files.internal;

import dev.eddy.Encoder;
import dev.eddy.Row;
import dev.eddy.spi.InputPartition;
import dev.eddy.spi.ManualClock;
import dev.eddy.spi.Offset;
import dev.eddy.spi.Options;
import dev.eddy.spi.Source;
import dev.eddy.spi.SourceContext;
import dev.eddy.spi.SourceProvider;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** Drives a file source directly, batch by batch, as the engine would. */
final class SourceHarness {
  private final FileStreamSource source;
  private Offset committed;

  SourceHarness(SourceProvider provider, Path metadataDir, Encoder<?> schema, Path dir, String... options) {
    Map<String, String> opts = new LinkedHashMap<>();
    opts.put("path", dir.toString());
    for (int i = 0; i < options.length; i += 2) {
      opts.put(options[i], options[i + 1]);
    }
    Source<?> s = provider.createSource(
        new SourceContext(new ManualClock(0), metadataDir, schema), new Options(provider.shortName(), opts));
    this.source = (FileStreamSource) s;
  }

  FileStreamSource source() {
    return source;
  }

  /** Starts as a restarted query does: batches up to {@code end} were committed by an earlier run. */
  void resumeAfter(Offset end) {
    committed = end;
    source.commit(end);
  }

  /** The rows of the next batch (empty when there is no new offset), committing it. */
  List<Row> nextBatch() throws Exception {
    Offset latest = source.latestOffset();
    if (latest == null || latest.equals(committed)) {
      return List.of();
    }
    List<Row> rows = read(committed, latest);
    committed = latest;
    source.commit(latest);
    return rows;
  }

  /** The rows of (start, end]. */
  List<Row> read(Offset start, Offset end) throws Exception {
    List<Row> rows = new ArrayList<>();
    for (InputPartition<Row> p : source.planInputPartitions(start, end)) {
      p.read(rows::add);
    }
    return rows;
  }

  /** The first column of every row of the next batch, as text. */
  List<String> nextValues() throws Exception {
    List<String> out = new ArrayList<>();
    for (Row r : nextBatch()) {
      out.add(String.valueOf(r.get(0)));
    }
    return out;
  }
}
