package dev.eddy.internal.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.eddy.Encoders;
import dev.eddy.spi.Options;
import dev.eddy.spi.Sink;
import dev.eddy.spi.SinkContext;
import dev.eddy.streaming.OutputMode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class MemorySinkTest {
  private static final String TABLE = "MemorySinkTest";

  private static Sink<String> sink(String queryName) {
    return new MemorySinkProvider().createSink(
        new SinkContext<>(queryName, Encoders.STRING(), OutputMode.Append()), new Options("memory", Map.of()));
  }

  @AfterEach
  void clear() {
    MemorySinkTables.clear(TABLE);
  }

  @Test
  void keepsRowsOfEveryBatchInOrder() throws Exception {
    Sink<String> sink = sink(TABLE);
    sink.addBatch(0, List.of("a", "b"));
    sink.addBatch(1, List.of("c"));
    assertThat(MemorySinkTables.rows(TABLE)).containsExactly("a", "b", "c");
  }

  @Test
  void ignoresABatchIdItAlreadyHas() throws Exception {
    Sink<String> sink = sink(TABLE);
    sink.addBatch(0, List.of("a"));
    sink.addBatch(0, List.of("a"));
    sink(TABLE).addBatch(0, List.of("replayed after restart"));
    assertThat(MemorySinkTables.rows(TABLE)).containsExactly("a");
  }

  @Test
  void rowsIsASnapshot() throws Exception {
    Sink<String> sink = sink(TABLE);
    sink.addBatch(0, List.of("a"));
    List<Object> snapshot = MemorySinkTables.rows(TABLE);
    sink.addBatch(1, List.of("b"));
    assertThat(snapshot).containsExactly("a");
  }

  @Test
  void clearForgetsRowsAndBatchIds() throws Exception {
    sink(TABLE).addBatch(0, List.of("a"));
    MemorySinkTables.clear(TABLE);
    assertThat(MemorySinkTables.rows(TABLE)).isEmpty();
    sink(TABLE).addBatch(0, List.of("b"));
    assertThat(MemorySinkTables.rows(TABLE)).containsExactly("b");
  }

  @Test
  void requiresAQueryName() {
    assertThatThrownBy(() -> sink(null))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("memory sink requires queryName");
  }

  @Test
  void rejectsOptions() {
    assertThatThrownBy(() -> new MemorySinkProvider().createSink(
            new SinkContext<>(TABLE, Encoders.STRING(), OutputMode.Append()), new Options("memory", Map.of("path", "/x"))))
        .hasMessageContaining("path");
  }
}
