package dev.eddy.files;

import static dev.eddy.files.TestFiles.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.eddy.Encoders;
import dev.eddy.streaming.StreamingQuery;
import org.junit.jupiter.api.Test;

class TextSourceTest extends FileQueryTest {
  @Test
  void everyLineIsARowWithColumnValue() throws Exception {
    write(in, "a.txt", 0, "hello world", "", "{not json}");
    write(in, "_ignored.txt", 0, "skipped");
    write(in, ".hidden.txt", 0, "skipped");
    StreamingQuery q = session.readStream().format("text").load(in.toString())
        .map(r -> r.getString("value").toUpperCase(), Encoders.STRING())
        .writeStream().format("json").option("path", out.toString()).outputMode("append").start();
    drain(q);
    assertThat(FileSinkReader.read(out, Encoders.STRING())).containsExactly("HELLO WORLD", "", "{NOT JSON}");
  }

  @Test
  void jsonWithoutSchemaFailsNamingSchema() {
    StreamingQuery[] started = new StreamingQuery[1];
    assertThatThrownBy(() -> {
      started[0] = session.readStream().format("json").load(in.toString())
          .writeStream().format("json").option("path", out.toString()).start();
      started[0].processAllAvailable();
    }).hasStackTraceContaining("schema");
    if (started[0] != null) {
      started[0].stop();
    }
  }
}
