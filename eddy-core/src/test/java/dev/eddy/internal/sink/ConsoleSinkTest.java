package dev.eddy.internal.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.eddy.Encoder;
import dev.eddy.Encoders;
import dev.eddy.Row;
import dev.eddy.internal.source.RateRow;
import dev.eddy.spi.Options;
import dev.eddy.spi.Sink;
import dev.eddy.spi.SinkContext;
import dev.eddy.streaming.OutputMode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.sql.Timestamp;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ConsoleSinkTest {
  public record UserClicks(String userId, int totalClicks) {}

  private static final String BANNER = "-------------------------------------------\n";

  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

  private <T> Sink<T> sink(Encoder<T> encoder, Map<String, String> opts) {
    PrintStream out = new PrintStream(bytes, true, StandardCharsets.UTF_8);
    return new ConsoleSinkProvider(out)
        .createSink(new SinkContext<>("q", encoder, OutputMode.Update()), new Options("console", opts));
  }

  private String printed() {
    return bytes.toString(StandardCharsets.UTF_8);
  }

  @Test
  void printsBatchBannerAndTableAsSpark() throws Exception {
    sink(Encoders.bean(UserClicks.class), Map.of()).addBatch(0, List.of(new UserClicks("101", 5)));
    assertThat(printed()).isEqualTo(
        BANNER + "Batch: 0\n" + BANNER
            + "+------+-----------+\n"
            + "|userId|totalClicks|\n"
            + "+------+-----------+\n"
            + "|   101|          5|\n"
            + "+------+-----------+\n"
            + "\n");
  }

  @Test
  void emptyBatchShowsTheHeader() throws Exception {
    sink(Encoders.bean(UserClicks.class), Map.of()).addBatch(3, List.of());
    assertThat(printed()).isEqualTo(
        BANNER + "Batch: 3\n" + BANNER
            + "+------+-----------+\n"
            + "|userId|totalClicks|\n"
            + "+------+-----------+\n"
            + "+------+-----------+\n"
            + "\n");
  }

  @Test
  void numRowsAndTruncateOptions() throws Exception {
    Sink<String> sink = sink(Encoders.STRING(), Map.of("numRows", "1", "truncate", "false"));
    sink.addBatch(1, List.of("a rather long string value", "b"));
    assertThat(printed()).isEqualTo(
        BANNER + "Batch: 1\n" + BANNER
            + "+--------------------------+\n"
            + "|value                     |\n"
            + "+--------------------------+\n"
            + "|a rather long string value|\n"
            + "+--------------------------+\n"
            + "only showing top 1 row\n"
            + "\n");
  }

  @Test
  void rowsTakeTheirColumnsFromTheFirstRow() throws Exception {
    Sink<Row> sink = sink(Encoders.row(), Map.of());
    sink.addBatch(0, List.of(new RateRow(Timestamp.valueOf("2024-01-01 00:00:00.25").getTime(), 7)));
    assertThat(printed()).isEqualTo(
        BANNER + "Batch: 0\n" + BANNER
            + "+--------------------+-----+\n"
            + "|           timestamp|value|\n"
            + "+--------------------+-----+\n"
            + "|2024-01-01 00:00:...|    7|\n"
            + "+--------------------+-----+\n"
            + "\n");
    bytes.reset();
    sink.addBatch(1, List.of());
    assertThat(printed()).contains("|timestamp|value|");
  }

  @Test
  void badOptionsAreNamed() {
    assertThatThrownBy(() -> sink(Encoders.STRING(), Map.of("numRows", "0"))).hasMessageContaining("numRows");
    assertThatThrownBy(() -> sink(Encoders.STRING(), Map.of("numRows", "many")))
        .hasMessageContaining("numRows")
        .hasMessageContaining("many");
    assertThatThrownBy(() -> sink(Encoders.STRING(), Map.of("truncate", "maybe")))
        .hasMessageContaining("truncate")
        .hasMessageContaining("maybe");
    assertThatThrownBy(() -> sink(Encoders.STRING(), Map.of("rows", "3")))
        .hasMessageContaining("rows")
        .hasMessageContaining("console");
  }
}
