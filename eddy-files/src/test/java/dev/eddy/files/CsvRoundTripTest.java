package dev.eddy.files;

import static dev.eddy.files.TestFiles.ts;
import static dev.eddy.files.TestFiles.write;
import static org.assertj.core.api.Assertions.assertThat;

import dev.eddy.Encoders;
import dev.eddy.streaming.StreamingQuery;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CsvRoundTripTest extends FileQueryTest {
  @Test
  void headerSeparatorAndQuotesRoundTrip() throws Exception {
    write(in, "a.csv", 0,
        "user;amount;time",
        "ann;1;2024-01-01T10:00:00Z",
        "\"b;o\\\"b\";;2024-01-01T11:00:00Z",
        "",
        "cid;3;");
    StreamingQuery q = session.readStream().format("csv").option("header", true).option("sep", ";")
        .schema(Encoders.bean(Event.class)).load(in.toString())
        .as(Encoders.bean(Event.class))
        .writeStream().format("csv").option("path", out.toString()).option("header", "true")
        .outputMode("append").start();
    drain(q);
    assertThat(FileSinkReader.read(out, Encoders.bean(Event.class), Map.of("header", "true")))
        .containsExactlyInAnyOrder(
            new Event("ann", 1L, ts("2024-01-01T10:00:00Z")),
            new Event("b;o\"b", null, ts("2024-01-01T11:00:00Z")),
            new Event("cid", 3L, null));
    assertThat(FileSinkReader.readLines(out).get(0)).isEqualTo("user,amount,time");
  }

  @Test
  void csvWithoutHeaderReadsByPosition() throws Exception {
    write(in, "a.csv", 0, "ann,5,0", "bob,6,1000");
    StreamingQuery q = session.readStream().format("csv").schema(Encoders.bean(Event.class)).load(in.toString())
        .as(Encoders.bean(Event.class))
        .writeStream().format("json").option("path", out.toString()).outputMode("append").start();
    drain(q);
    assertThat(FileSinkReader.readLines(out)).containsExactlyInAnyOrder(
        "{\"user\":\"ann\",\"amount\":5,\"time\":\"1970-01-01T00:00:00Z\"}",
        "{\"user\":\"bob\",\"amount\":6,\"time\":\"1970-01-01T00:00:01Z\"}");
  }
}
