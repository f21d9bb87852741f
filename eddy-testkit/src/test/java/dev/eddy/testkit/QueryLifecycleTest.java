package dev.eddy.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.eddy.Dataset;
import dev.eddy.EddySession;
import dev.eddy.Encoders;
import dev.eddy.Row;
import dev.eddy.spi.ManualClock;
import dev.eddy.streaming.GroupState;
import dev.eddy.streaming.GroupStateTimeout;
import dev.eddy.streaming.MemoryStream;
import dev.eddy.streaming.StateOperatorProgress;
import dev.eddy.streaming.StreamingQuery;
import dev.eddy.streaming.StreamingQueryException;
import dev.eddy.streaming.StreamingQueryListener;
import dev.eddy.streaming.StreamingQueryProgress;
import dev.eddy.streaming.Trigger;
import dev.eddy.testkit.conformance.Event;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The life of a query: its handle, its progress reports, listeners, triggers that end, and the built-in sinks. */
class QueryLifecycleTest {
  public record Count(String key, long count) {}

  public record ValueCount(long key, long count) {}

  private static final ObjectMapper JSON = new ObjectMapper();

  private EddySession eddy;
  private MemoryStream<Event> input;

  @BeforeEach
  void session() {
    eddy = EddySession.builder().appName("lifecycle").clock(new ManualClock(5_000))
        .config("eddy.sql.shuffle.partitions", 2).getOrCreate();
    input = MemoryStream.of(eddy, Encoders.bean(Event.class));
  }

  @AfterEach
  void close() {
    eddy.close();
  }

  private static String unique(String name) {
    return name + "_" + UUID.randomUUID().toString().substring(0, 8);
  }

  /** Counts per key; "gone" removes its key. */
  private Dataset<Count> counts() {
    return input.toDS().withWatermark("ts", "1 second").groupByKey(Event::key, Encoders.STRING()).mapGroupsWithState(
        (String key, Iterator<Event> rows, GroupState<Long> s) -> {
          long c = s.getOption().orElse(0L);
          for (; rows.hasNext(); rows.next()) {
            c++;
          }
          if (key.equals("gone")) {
            s.remove();
          } else {
            s.update(c);
          }
          return new Count(key, c);
        },
        Encoders.LONG(), Encoders.bean(Count.class), GroupStateTimeout.NoTimeout());
  }

  private StreamingQuery startMemory(String name, Trigger trigger) {
    return counts().writeStream().format("memory").queryName(name).outputMode("update").trigger(trigger).start();
  }

  @Test
  void handleReportsIdentityStateAndStops() throws Exception {
    String name = unique("counts");
    StreamingQuery q = startMemory(name, Trigger.defaultTrigger());
    assertThat(q.id()).isNotNull();
    assertThat(q.runId()).isNotNull().isNotEqualTo(q.id());
    assertThat(q.name()).isEqualTo(name);
    assertThat(q.isActive()).isTrue();
    assertThat(q.awaitTermination(10)).isFalse();
    assertThat(q.lastProgress()).isNull();
    assertThat(q.recentProgress()).isEmpty();
    assertThat(q.exception()).isEmpty();
    assertThat(q.explainString()).contains("MapGroupsWithState").contains("EventTimeWatermark ts");
    assertThat(eddy.streams().active()).containsExactly(q);
    assertThat(eddy.streams().get(q.id())).isSameAs(q);

    input.addData(new Event("a", 10_000, 1), new Event("b", 10_000, 1), new Event("a", 11_000, 1));
    q.processAllAvailable();
    input.addData(new Event("a", 12_000, 1), new Event("gone", 12_000, 1));
    q.processAllAvailable();

    assertThat(q.recentProgress()).extracting(StreamingQueryProgress::batchId).containsExactly(0L, 1L);
    assertThat(eddy.table(name, Encoders.bean(Count.class)).collectAsList())
        .containsExactlyInAnyOrder(new Count("a", 2), new Count("b", 1), new Count("a", 3), new Count("gone", 1));

    q.stop();
    assertThat(q.isActive()).isFalse();
    assertThat(q.awaitTermination(10)).isTrue();
    q.awaitTermination();
    assertThat(q.exception()).isEmpty();
    assertThat(eddy.streams().active()).isEmpty();
  }

  @Test
  void progressCarriesSparksFieldsAndStateOperatorFigures() throws Exception {
    StreamingQuery q = startMemory(unique("progress"), Trigger.defaultTrigger());
    input.addData(new Event("a", 10_000, 1), new Event("b", 10_000, 1), new Event("a", 11_000, 1));
    q.processAllAvailable();
    input.addData(new Event("a", 12_000, 1), new Event("gone", 12_000, 1), new Event("c", 1, 1));
    q.processAllAvailable();

    StreamingQueryProgress p = q.lastProgress();
    assertThat(p.id()).isEqualTo(q.id());
    assertThat(p.runId()).isEqualTo(q.runId());
    assertThat(p.name()).isEqualTo(q.name());
    assertThat(p.batchId()).isEqualTo(1);
    assertThat(Instant.parse(p.timestamp())).isEqualTo(Instant.ofEpochMilli(5_000));
    assertThat(p.numInputRows()).isEqualTo(3);
    assertThat(p.durationMs()).containsKeys("latestOffset", "walCommit", "addBatch", "triggerExecution");
    assertThat(Instant.parse(p.eventTime().get("watermark"))).isEqualTo(Instant.ofEpochMilli(10_000));
    assertThat(Instant.parse(p.eventTime().get("min"))).isEqualTo(Instant.ofEpochMilli(1));
    assertThat(Instant.parse(p.eventTime().get("max"))).isEqualTo(Instant.ofEpochMilli(12_000));
    assertThat(p.sources()).hasSize(1);
    assertThat(p.sources()[0].numInputRows()).isEqualTo(3);
    assertThat(p.sink().numOutputRows()).isEqualTo(3);

    StateOperatorProgress op = p.stateOperators()[0];
    assertThat(op.operatorName()).startsWith("mapGroupsWithState at QueryLifecycleTest");
    assertThat(op.numRowsTotal()).isEqualTo(3); // a, b, c
    assertThat(op.numRowsUpdated()).isEqualTo(2); // a, c
    assertThat(op.numRowsRemoved()).isEqualTo(1); // gone
    assertThat(op.numRowsDroppedByWatermark()).isZero(); // NoTimeout: "c" at 1 ms is late but kept
    assertThat(op.memoryUsedBytes()).isPositive();
    assertThat(op.commitTimeMs()).isNotNegative();
    assertThat(op.allUpdatesTimeMs()).isNotNegative();
    assertThat(op.numShufflePartitions()).isEqualTo(2);
    assertThat(op.customMetrics()).containsKeys("numTimeouts", "stateGrowthBatches");
    q.stop();
  }

  @Test
  void progressJsonUsesSparksFieldNames() throws Exception {
    StreamingQuery q = startMemory(unique("json"), Trigger.defaultTrigger());
    input.addData(new Event("a", 10_000, 1));
    q.processAllAvailable();
    StreamingQueryProgress p = q.lastProgress();

    JsonNode json = JSON.readTree(p.json());
    assertThat(JSON.readTree(p.prettyJson())).isEqualTo(json);
    assertThat(p.prettyJson()).contains("\n");
    assertThat(fieldNames(json)).contains(
        "id", "runId", "name", "timestamp", "batchId", "batchDuration", "numInputRows", "inputRowsPerSecond",
        "processedRowsPerSecond", "durationMs", "eventTime", "stateOperators", "sources", "sink");
    assertThat(json.get("id").asText()).isEqualTo(q.id().toString());
    assertThat(json.get("batchId").asLong()).isZero();
    assertThat(json.get("numInputRows").asLong()).isEqualTo(1);
    assertThat(Instant.parse(json.get("eventTime").get("watermark").asText())).isEqualTo(Instant.EPOCH);

    JsonNode op = json.get("stateOperators").get(0);
    assertThat(fieldNames(op)).contains(
        "operatorName", "numRowsTotal", "numRowsUpdated", "allUpdatesTimeMs", "numRowsRemoved", "allRemovalsTimeMs",
        "commitTimeMs", "memoryUsedBytes", "numRowsDroppedByWatermark", "numShufflePartitions",
        "numStateStoreInstances", "customMetrics");
    assertThat(op.get("numRowsTotal").asLong()).isEqualTo(1);
    assertThat(op.get("customMetrics").get("numTimeouts").asLong()).isZero();

    JsonNode source = json.get("sources").get(0);
    assertThat(fieldNames(source)).contains(
        "description", "startOffset", "endOffset", "latestOffset", "numInputRows", "inputRowsPerSecond",
        "processedRowsPerSecond");
    assertThat(source.get("startOffset").isNull()).isTrue();
    assertThat(source.get("endOffset").asLong()).isZero();
    assertThat(fieldNames(json.get("sink"))).contains("description", "numOutputRows");
    assertThat(json.get("sink").get("numOutputRows").asLong()).isEqualTo(1);
    q.stop();
  }

  private static List<String> fieldNames(JsonNode node) {
    List<String> names = new ArrayList<>();
    node.fieldNames().forEachRemaining(names::add);
    return names;
  }

  /** Records every listener event as text. */
  private static final class Recorder extends StreamingQueryListener {
    final List<String> events = Collections.synchronizedList(new ArrayList<>());

    @Override
    public void onQueryStarted(QueryStartedEvent e) {
      events.add("started " + e.id() + " " + e.runId() + " " + e.name());
    }

    @Override
    public void onQueryProgress(QueryProgressEvent e) {
      events.add("progress " + e.progress().batchId());
    }

    @Override
    public void onQueryTerminated(QueryTerminatedEvent e) {
      events.add("terminated " + e.id() + " " + e.runId() + " " + (e.exception() == null ? "ok" : "error"));
    }
  }

  @Test
  void listenerSeesStartedProgressAndTerminated() throws Exception {
    Recorder recorder = new Recorder();
    eddy.streams().addListener(recorder);
    assertThat(eddy.streams().listListeners()).containsExactly(recorder);
    StreamingQuery q = startMemory(unique("listened"), Trigger.defaultTrigger());
    input.addData(new Event("a", 1, 1));
    q.processAllAvailable();
    input.addData(new Event("a", 2, 1));
    q.processAllAvailable();
    q.stop();
    assertThat(recorder.events).containsExactly(
        "started " + q.id() + " " + q.runId() + " " + q.name(),
        "progress 0",
        "progress 1",
        "terminated " + q.id() + " " + q.runId() + " ok");
    eddy.streams().removeListener(recorder);
    assertThat(eddy.streams().listListeners()).isEmpty();
  }

  @Test
  void listenerSeesAFailedQueryTerminateWithItsError() throws Exception {
    Recorder recorder = new Recorder();
    eddy.streams().addListener(recorder);
    StreamingQuery q = input.toDS().groupByKey(Event::key, Encoders.STRING()).mapGroupsWithState(
            (String key, Iterator<Event> rows, GroupState<Long> s) -> {
              throw new IllegalStateException("boom");
            },
            Encoders.LONG(), Encoders.bean(Count.class))
        .writeStream().format("noop").outputMode("update").start();
    input.addData(new Event("a", 1, 1));
    StreamingQueryException e = null;
    try {
      q.awaitTermination();
    } catch (StreamingQueryException thrown) {
      e = thrown;
    }
    assertThat(e).isNotNull();
    assertThat(recorder.events).last().isEqualTo("terminated " + q.id() + " " + q.runId() + " error");
  }

  @Test
  void triggerOnceRunsOneBatchAndStops() throws Exception {
    String name = unique("once");
    input.addData(new Event("a", 1, 1));
    input.addData(new Event("a", 2, 1), new Event("b", 2, 1));
    StreamingQuery q = startMemory(name, Trigger.Once());
    assertThat(q.awaitTermination(10_000)).isTrue();
    assertThat(q.isActive()).isFalse();
    assertThat(q.recentProgress()).extracting(StreamingQueryProgress::batchId).containsExactly(0L);
    assertThat(eddy.table(name, Encoders.bean(Count.class)).collectAsList())
        .containsExactlyInAnyOrder(new Count("a", 2), new Count("b", 1));
  }

  @Test
  void triggerAvailableNowProcessesWhatIsThereAndStops() throws Exception {
    String name = unique("availableNow");
    input.addData(new Event("a", 1, 1));
    input.addData(new Event("a", 2, 1));
    StreamingQuery q = startMemory(name, Trigger.AvailableNow());
    q.awaitTermination();
    assertThat(q.isActive()).isFalse();
    assertThat(q.exception()).isEmpty();
    assertThat(eddy.table(name, Encoders.bean(Count.class)).collectAsList()).containsExactly(new Count("a", 2));
  }

  private Dataset<ValueCount> rateCounts(Dataset<Row> rows) {
    return rows.groupByKey(r -> r.getLong("value") % 10, Encoders.LONG()).mapGroupsWithState(
        (Long key, Iterator<Row> values, GroupState<Long> s) -> {
          long c = s.getOption().orElse(0L);
          for (; values.hasNext(); values.next()) {
            c++;
          }
          s.update(c);
          return new ValueCount(key, c);
        },
        Encoders.LONG(), Encoders.bean(ValueCount.class));
  }

  @Test
  void consoleSinkPrintsSparksBatchHeaderAndTable() throws Exception {
    Dataset<Row> rows = eddy.readStream().format("rate-micro-batch").option("rowsPerBatch", 3).load();
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    PrintStream original = System.out;
    System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      StreamingQuery q = rateCounts(rows).writeStream().format("console").outputMode("update").trigger(Trigger.Once()).start();
      q.awaitTermination();
    } finally {
      System.setOut(original);
    }
    String text = captured.toString(StandardCharsets.UTF_8);
    assertThat(text).contains("Batch: 0").contains("|key|count|").contains("|  0|    1|").contains("|  2|    1|");
    assertThat(text).doesNotContain("Batch: 1");
  }

  @Test
  void rateMicroBatchThroughMapGroupsWithStateCountsGrowBatchAfterBatch() throws Exception {
    // 20 rows per batch, keys value % 10: every key gains 2 per batch.
    Dataset<Row> rows = eddy.readStream().format("rate-micro-batch")
        .option("rowsPerBatch", 20).option("numPartitions", 2).load();
    Map<Long, List<ValueCount>> batches = Collections.synchronizedMap(new TreeMap<>());
    CountDownLatch three = new CountDownLatch(3);
    StreamingQuery q = rateCounts(rows).writeStream().outputMode("update")
        .foreachBatch((ds, id) -> {
          batches.put(id, ds.collectAsList());
          three.countDown();
        })
        .start();
    assertThat(three.await(10, TimeUnit.SECONDS)).as("three batches ran").isTrue();
    q.stop();
    for (long b = 0; b < 3; b++) {
      List<ValueCount> expected = new ArrayList<>();
      for (long k = 0; k < 10; k++) {
        expected.add(new ValueCount(k, 2 * (b + 1)));
      }
      assertThat(batches.get(b)).as("batch " + b).containsExactlyInAnyOrderElementsOf(expected);
    }
  }
}
