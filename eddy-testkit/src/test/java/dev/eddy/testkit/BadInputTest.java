package dev.eddy.testkit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.eddy.AnalysisException;
import dev.eddy.Dataset;
import dev.eddy.EddySession;
import dev.eddy.Encoders;
import dev.eddy.KeyValueGroupedDataset;
import dev.eddy.Row;
import dev.eddy.spi.ManualClock;
import dev.eddy.streaming.DataStreamWriter;
import dev.eddy.streaming.GroupState;
import dev.eddy.streaming.GroupStateTimeout;
import dev.eddy.streaming.OutputMode;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 2 item 7: bad formats, options, modes and settings are rejected when the query starts (or
 * earlier where stated), before any data is read, with a message naming what to fix.
 */
class BadInputTest {
  public record Count(long key, long count) {}

  private EddySession eddy;
  private final AtomicInteger calls = new AtomicInteger();

  @BeforeEach
  void session() {
    eddy = EddySession.builder().appName("bad-input").clock(new ManualClock()).getOrCreate();
  }

  @AfterEach
  void close() {
    eddy.close();
  }

  private Dataset<Row> rate() {
    return eddy.readStream().format("rate").option("rowsPerSecond", 10).load();
  }

  private KeyValueGroupedDataset<Long, Row> byValueMod10(Dataset<Row> rows) {
    return rows.groupByKey(r -> r.getLong("value") % 10, Encoders.LONG());
  }

  private Dataset<Count> counted(Dataset<Row> rows, GroupStateTimeout timeout) {
    return byValueMod10(rows).mapGroupsWithState(
        (Long key, Iterator<Row> values, GroupState<Long> s) -> {
          calls.incrementAndGet();
          long c = s.getOption().orElse(0L);
          for (; values.hasNext(); values.next()) {
            c++;
          }
          s.update(c);
          return new Count(key, c);
        },
        Encoders.LONG(), Encoders.bean(Count.class), timeout);
  }

  /** Starting {@code writer} fails with {@code type} and a message holding every fragment; nothing ran. */
  private void assertRejectedAtStart(DataStreamWriter<?> writer, Class<? extends Exception> type, String... fragments) {
    assertThatThrownBy(writer::start).isInstanceOf(type).satisfies(e -> {
      for (String f : fragments) {
        assertThat(e.getMessage()).containsIgnoringCase(f);
      }
    });
    assertThat(eddy.streams().active()).isEmpty();
    assertThat(calls).hasValue(0);
  }

  @Test
  void unknownSourceFormatIsRejectedAtStart() {
    Dataset<Row> rows = eddy.readStream().format("kafkaa").load();
    assertRejectedAtStart(rows.writeStream().format("noop"), AnalysisException.class, "source format 'kafkaa'", "rate");
  }

  @Test
  void asOnTypedRowsIsRejectedWhenTheQueryIsBuilt() {
    Dataset<Long> values = rate().map(r -> r.getLong("value"), Encoders.LONG());
    assertThatThrownBy(() -> values.as(Encoders.bean(Count.class)))
        .isInstanceOf(AnalysisException.class)
        .hasMessageContaining("needs a dataset of Row")
        .hasMessageContaining("java.lang.Long");
  }

  @Test
  void unknownSinkFormatIsRejectedAtStart() {
    assertRejectedAtStart(rate().writeStream().format("consol"), AnalysisException.class, "sink format 'consol'", "console");
  }

  @Test
  void unknownRateOptionIsRejectedAtStart() {
    Dataset<Row> rows = eddy.readStream().format("rate").option("rowsPerSecnd", 10).load();
    assertRejectedAtStart(rows.writeStream().format("noop"), AnalysisException.class, "'rowsPerSecnd'", "'rate'");
  }

  @Test
  void unknownRateMicroBatchOptionIsRejectedAtStart() {
    Dataset<Row> rows =
        eddy.readStream().format("rate-micro-batch").option("rowsPerBatch", 10).option("rowsPerSecond", 10).load();
    assertRejectedAtStart(rows.writeStream().format("noop"), AnalysisException.class, "'rowsPerSecond'", "'rate-micro-batch'");
  }

  @Test
  void unknownConsoleOptionIsRejectedAtStart() {
    assertRejectedAtStart(
        rate().writeStream().format("console").option("numRow", 5), AnalysisException.class, "'numRow'", "'console'");
  }

  @Test
  void malformedOptionValueIsRejectedAtStart() {
    Dataset<Row> rows = eddy.readStream().format("rate").option("rowsPerSecond", "abc").load();
    assertRejectedAtStart(rows.writeStream().format("noop"), AnalysisException.class, "'rowsPerSecond'", "'abc'", "'rate'");
  }

  @Test
  void outOfRangeOptionValueIsRejectedAtStart() {
    Dataset<Row> rows = eddy.readStream().format("rate-micro-batch").option("rowsPerBatch", 0).load();
    assertRejectedAtStart(rows.writeStream().format("noop"), AnalysisException.class, "'rowsPerBatch'", "at least 1");
  }

  @Test
  void missingRequiredOptionIsRejectedAtStart() {
    Dataset<Row> rows = eddy.readStream().format("rate-micro-batch").option("numPartitions", 2).load();
    assertRejectedAtStart(
        rows.writeStream().format("noop"), AnalysisException.class, "missing required option 'rowsPerBatch'", "'rate-micro-batch'");
  }

  @Test
  void completeModeIsRejectedWhenFlatMapGroupsWithStateIsCalled() {
    assertThatThrownBy(() -> byValueMod10(rate()).flatMapGroupsWithState(
            (Long key, Iterator<Row> values, GroupState<Long> s) -> List.<Count>of().iterator(),
            OutputMode.Complete(), Encoders.LONG(), Encoders.bean(Count.class), GroupStateTimeout.NoTimeout()))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("Complete")
        .hasMessageContaining("flatMapGroupsWithState at BadInputTest");
  }

  @Test
  void completeModeIsRejectedAtStartForMapGroupsWithState() {
    assertRejectedAtStart(
        counted(rate(), GroupStateTimeout.NoTimeout()).writeStream().format("noop").outputMode("complete"),
        IllegalArgumentException.class, "Complete", "mapGroupsWithState at BadInputTest");
  }

  @Test
  void eventTimeTimeoutWithoutWatermarkIsRejectedAtStart() {
    assertRejectedAtStart(
        counted(rate(), GroupStateTimeout.EventTimeTimeout()).writeStream().format("noop").outputMode("update"),
        AnalysisException.class, "mapGroupsWithState at BadInputTest", "EventTimeTimeout", "withWatermark");
  }

  @Test
  void eventTimeTimeoutWithWatermarkOnTheRateTimestampStarts() {
    Dataset<Row> rows = rate().withWatermark("timestamp", "10 seconds");
    assertThatCode(() -> counted(rows, GroupStateTimeout.EventTimeTimeout()).writeStream().format("noop")
        .outputMode("update").start().stop()).doesNotThrowAnyException();
  }

  @Test
  void unknownSessionSettingIsRejectedNamingIt() {
    assertThatThrownBy(() -> EddySession.builder().config("eddy.sql.nonsense", "1"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'eddy.sql.nonsense'")
        .hasMessageContaining("eddy.sql.shuffle.partitions");
  }

  @Test
  void malformedSessionSettingIsRejectedNamingIt() {
    assertThatThrownBy(() -> EddySession.builder().config("eddy.sql.shuffle.partitions", "many").getOrCreate())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'eddy.sql.shuffle.partitions'")
        .hasMessageContaining("'many'");
  }

  @Test
  void unknownQueryLevelSettingIsRejectedAtStart() {
    assertThatThrownBy(() -> rate().writeStream().format("noop").option("eddy.sql.nonsense", "1").start())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'eddy.sql.nonsense'");
    assertThat(eddy.streams().active()).isEmpty();
  }

  @Test
  void withWatermarkOnAMissingRecordFieldIsRejectedWhenCalled() {
    Dataset<Count> typed = rate().map(r -> new Count(r.getLong("value"), 1), Encoders.bean(Count.class));
    assertThatThrownBy(() -> typed.withWatermark("eventTime", "10 seconds"))
        .isInstanceOf(AnalysisException.class)
        .hasMessageContaining("'eventTime'");
  }

  @Test
  void withWatermarkOnAMissingRateColumnIsRejectedAtTheLatestAtStart() {
    // The rate sources' columns (timestamp, value) are known before any row is read.
    assertThatThrownBy(() -> rate().withWatermark("eventTime", "10 seconds").writeStream().format("noop").start())
        .isInstanceOf(AnalysisException.class)
        .hasMessageContaining("'eventTime'");
    assertThat(eddy.streams().active()).isEmpty();
  }

  @Test
  void malformedWatermarkDelayIsRejectedWhenCalled() {
    assertThatThrownBy(() -> rate().withWatermark("timestamp", "ten seconds"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("ten seconds");
  }

  @Test
  void memorySinkWithoutQueryNameIsRejectedAtStart() {
    assertRejectedAtStart(rate().writeStream().format("memory"), AnalysisException.class, "queryName");
  }
}
