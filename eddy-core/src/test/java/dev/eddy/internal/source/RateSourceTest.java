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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RateSourceTest {
  private static final long START = 1_700_000_000_000L;

  private final ManualClock clock = new ManualClock(START);

  private Source<Row> source(Path dir, Map<String, String> opts) {
    return new RateSourceProvider().createSource(new SourceContext(clock, dir), new Options("rate", opts));
  }

  /** Sum of each second's speed, the speed growing by rowsPerSecond / (rampUp + 1) per second. */
  private static long naiveValueAt(long seconds, long rowsPerSecond, long rampUp) {
    long delta = rowsPerSecond / (rampUp + 1);
    long sum = 0;
    for (long k = 1; k <= seconds; k++) {
      sum += k <= rampUp ? k * delta : rowsPerSecond;
    }
    return sum;
  }

  @Test
  void valueAtSecondWithoutRampUpIsSecondsTimesRate() {
    assertThat(RateSource.valueAtSecond(0, 7, 0)).isZero();
    assertThat(RateSource.valueAtSecond(3, 7, 0)).isEqualTo(21);
  }

  @Test
  void valueAtSecondRampsUpLikeSpark() {
    List<Long> values = new ArrayList<>();
    for (long s = 0; s <= 6; s++) {
      values.add(RateSource.valueAtSecond(s, 10, 4));
    }
    assertThat(values).containsExactly(0L, 2L, 6L, 12L, 20L, 30L, 40L);
  }

  @Test
  void valueAtSecondMatchesTheSumOfSpeedsForManySettings() {
    for (long rate : new long[] {1, 3, 10, 1000, 999_983}) {
      for (long rampUp : new long[] {0, 1, 2, 5, 9, 60}) {
        for (long s = 0; s <= 80; s++) {
          assertThat(RateSource.valueAtSecond(s, rate, rampUp))
              .as("rate %d rampUp %d second %d", rate, rampUp, s)
              .isEqualTo(naiveValueAt(s, rate, rampUp));
        }
      }
    }
  }

  @Test
  void valueAtSecondFailsOnOverflow() {
    assertThatThrownBy(() -> RateSource.valueAtSecond(Long.MAX_VALUE / 2, 10, 0))
        .isInstanceOf(ArithmeticException.class);
  }

  @Test
  void latestOffsetCountsWholeSecondsSinceStart() {
    Source<Row> src = source(null, Map.of());
    assertThat(src.latestOffset()).isEqualTo(new LongOffset(0));
    clock.advance(2999);
    assertThat(src.latestOffset()).isEqualTo(new LongOffset(2));
    clock.advance(1);
    assertThat(src.latestOffset()).isEqualTo(new LongOffset(3));
  }

  @Test
  void emptyRangeHasNoPartitions() {
    Source<Row> src = source(null, Map.of());
    assertThat(src.planInputPartitions(null, new LongOffset(0))).isEmpty();
    assertThat(src.planInputPartitions(new LongOffset(4), new LongOffset(4))).isEmpty();
  }

  @Test
  void timestampsSpreadEvenlyOverTheBatch() throws Exception {
    Source<Row> src = source(null, Map.of("rowsPerSecond", "4", "numPartitions", "1"));
    List<RateRow> rows = readAll(src.planInputPartitions(new LongOffset(1), new LongOffset(2)));
    assertThat(rows).containsExactly(
        new RateRow(START + 1000, 4), new RateRow(START + 1250, 5),
        new RateRow(START + 1500, 6), new RateRow(START + 1750, 7));
  }

  @Test
  void timestampsDuringRampUpFollowTheBatchSpan() throws Exception {
    Source<Row> src = source(null, Map.of("rowsPerSecond", "10", "rampUpTime", "4s", "numPartitions", "2"));
    List<RateRow> rows = readAll(src.planInputPartitions(new LongOffset(1), new LongOffset(3)));
    assertThat(values(rows)).isEqualTo(range(2, 12));
    double msPerValue = 2000.0 / 10;
    for (RateRow r : rows) {
      assertThat(r.timestampMillis()).isEqualTo(START + 1000 + (long) ((r.value() - 2) * msPerValue));
    }
  }

  @Test
  void batchesAreContiguousAndComplete() throws Exception {
    Source<Row> src = source(null, Map.of("rowsPerSecond", "7", "rampUpTime", "3", "numPartitions", "3"));
    List<Long> all = new ArrayList<>();
    LongOffset previous = null;
    for (long end : new long[] {1, 2, 5, 6, 10}) {
      all.addAll(values(readAll(src.planInputPartitions(previous, new LongOffset(end)))));
      previous = new LongOffset(end);
    }
    assertThat(all).isEqualTo(range(0, RateSource.valueAtSecond(10, 7, 3)));
  }

  @Test
  void partitionsAreContiguousAndCoverTheRangeOnce() throws Exception {
    Source<Row> src = source(null, Map.of("rowsPerSecond", "10", "numPartitions", "4"));
    List<InputPartition<Row>> parts = src.planInputPartitions(new LongOffset(2), new LongOffset(3));
    assertThat(parts).hasSize(4);
    List<Long> sizes = new ArrayList<>();
    List<Long> all = new ArrayList<>();
    for (InputPartition<Row> p : parts) {
      List<Long> vs = values(Partitions.read(p));
      assertThat(vs).isEqualTo(range(vs.get(0), vs.get(0) + vs.size()));
      sizes.add((long) vs.size());
      all.addAll(vs);
    }
    assertThat(sizes).containsExactly(3L, 3L, 2L, 2L);
    assertThat(all).isEqualTo(range(20, 30));
  }

  @Test
  void fewerValuesThanPartitionsGivesNoEmptyPartitions() {
    Source<Row> src = source(null, Map.of("rowsPerSecond", "2", "numPartitions", "8"));
    assertThat(src.planInputPartitions(null, new LongOffset(1))).hasSize(2);
  }

  @Test
  void replayingARangeGivesTheSameRows() throws Exception {
    Source<Row> src = source(null, Map.of("rowsPerSecond", "5", "numPartitions", "2"));
    List<RateRow> first = readAll(src.planInputPartitions(new LongOffset(3), new LongOffset(6)));
    clock.advance(60_000);
    src.latestOffset();
    assertThat(readAll(src.planInputPartitions(new LongOffset(3), new LongOffset(6)))).isEqualTo(first);
  }

  @Test
  void startTimeIsKeptInTheMetadataDirectory(@TempDir Path dir) throws Exception {
    Source<Row> first = source(dir, Map.of("rowsPerSecond", "2"));
    List<RateRow> before = readAll(first.planInputPartitions(null, new LongOffset(3)));
    assertThat(Files.readString(dir.resolve(StartTimeFile.NAME))).isEqualTo(Long.toString(START));
    clock.advance(123_456);
    Source<Row> restarted = source(dir, Map.of("rowsPerSecond", "2"));
    assertThat(readAll(restarted.planInputPartitions(null, new LongOffset(3)))).isEqualTo(before);
    assertThat(restarted.latestOffset()).isEqualTo(new LongOffset(123));
    assertThat(dir.resolve(StartTimeFile.NAME + ".tmp")).doesNotExist();
  }

  @Test
  void corruptStartTimeFileIsNamed(@TempDir Path dir) throws Exception {
    Files.writeString(dir.resolve(StartTimeFile.NAME), "yesterday");
    assertThatThrownBy(() -> source(dir, Map.of()))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining(StartTimeFile.NAME)
        .hasMessageContaining("yesterday");
  }

  @Test
  void offsetsRoundTripThroughJson() {
    Source<Row> src = source(null, Map.of());
    assertThat(src.deserializeOffset(new LongOffset(42).json())).isEqualTo(new LongOffset(42));
  }
}
