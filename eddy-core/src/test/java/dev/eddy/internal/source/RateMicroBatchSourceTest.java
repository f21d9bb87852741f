package dev.eddy.internal.source;

import static dev.eddy.internal.source.Partitions.range;
import static dev.eddy.internal.source.Partitions.readAll;
import static dev.eddy.internal.source.Partitions.values;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.eddy.Row;
import dev.eddy.spi.InputPartition;
import dev.eddy.spi.LongOffset;
import dev.eddy.spi.Options;
import dev.eddy.spi.Source;
import dev.eddy.spi.SourceContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RateMicroBatchSourceTest {
  private final ManualClock clock = new ManualClock(0);

  private Source<Row> source(Map<String, String> opts) {
    return new RateMicroBatchSourceProvider()
        .createSource(new SourceContext(clock, null), new Options("rate-micro-batch", opts));
  }

  @Test
  void everyLatestOffsetCallOffersOneMoreBatch() {
    Source<Row> src = source(Map.of("rowsPerBatch", "10"));
    assertThat(src.latestOffset()).isEqualTo(new LongOffset(1));
    assertThat(src.latestOffset()).isEqualTo(new LongOffset(2));
    assertThat(src.latestOffset()).isEqualTo(new LongOffset(3));
  }

  @Test
  void batchHoldsItsValuesAtItsTimestamp() throws Exception {
    Source<Row> src = source(Map.of(
        "rowsPerBatch", "5", "numPartitions", "2", "startTimestamp", "1000", "advanceMillisPerBatch", "250"));
    assertThat(readAll(src.planInputPartitions(null, new LongOffset(1)))).containsExactly(
        new RateRow(1000, 0), new RateRow(1000, 1), new RateRow(1000, 2), new RateRow(1000, 3), new RateRow(1000, 4));
    List<RateRow> batch2 = readAll(src.planInputPartitions(new LongOffset(2), new LongOffset(3)));
    assertThat(values(batch2)).isEqualTo(range(10, 15));
    assertThat(batch2).allSatisfy(r -> assertThat(r.timestampMillis()).isEqualTo(1500));
  }

  @Test
  void defaultsStartAtZeroAndAdvanceOneSecond() throws Exception {
    Source<Row> src = source(Map.of("rowsPerBatch", "1"));
    assertThat(readAll(src.planInputPartitions(new LongOffset(7), new LongOffset(8))))
        .containsExactly(new RateRow(7000, 7));
  }

  @Test
  void partitionsSplitTheBatchIntoContiguousRanges() throws Exception {
    Source<Row> src = source(Map.of("rowsPerBatch", "10", "numPartitions", "3"));
    List<InputPartition<Row>> parts = src.planInputPartitions(new LongOffset(4), new LongOffset(5));
    List<List<Long>> perPartition = new ArrayList<>();
    for (InputPartition<Row> p : parts) {
      perPartition.add(values(Partitions.read(p)));
    }
    assertThat(perPartition).containsExactly(range(40, 44), range(44, 47), range(47, 50));
  }

  @Test
  void consecutiveBatchesAreContiguous() throws Exception {
    Source<Row> src = source(Map.of("rowsPerBatch", "3", "numPartitions", "2"));
    List<Long> all = new ArrayList<>();
    LongOffset previous = null;
    for (int i = 0; i < 4; i++) {
      LongOffset end = (LongOffset) src.latestOffset();
      all.addAll(values(readAll(src.planInputPartitions(previous, end))));
      previous = end;
    }
    assertThat(all).isEqualTo(range(0, 12));
  }

  @Test
  void restartedSourceContinuesAfterTheOffsetsItIsGiven() {
    Source<Row> planned = source(Map.of("rowsPerBatch", "3"));
    planned.planInputPartitions(new LongOffset(4), new LongOffset(5));
    assertThat(planned.latestOffset()).isEqualTo(new LongOffset(6));
    Source<Row> committed = source(Map.of("rowsPerBatch", "3"));
    committed.commit(new LongOffset(9));
    assertThat(committed.latestOffset()).isEqualTo(new LongOffset(10));
  }

  @Test
  void missingRowsPerBatchIsNamed() {
    assertThatThrownBy(() -> source(Map.of()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("rowsPerBatch");
  }

  @Test
  void badOptionsAreNamed() {
    assertThatThrownBy(() -> source(Map.of("rowsPerBatch", "0"))).hasMessageContaining("rowsPerBatch");
    assertThatThrownBy(() -> source(Map.of("rowsPerBatch", "1x")))
        .hasMessageContaining("rowsPerBatch")
        .hasMessageContaining("1x");
    assertThatThrownBy(() -> source(Map.of("rowsPerBatch", "1", "advanceMillisPerBatch", "-1")))
        .hasMessageContaining("advanceMillisPerBatch");
    assertThatThrownBy(() -> source(Map.of("rowsPerBatch", "1", "rowsPerSecond", "1")))
        .hasMessageContaining("rowspersecond")
        .hasMessageContaining("rate-micro-batch");
  }
}
