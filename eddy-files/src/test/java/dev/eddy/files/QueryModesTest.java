package dev.eddy.files;

import static dev.eddy.files.TestFiles.write;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.eddy.Encoders;
import dev.eddy.streaming.StreamingQuery;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Parse modes and batching seen through a running query. */
class QueryModesTest extends FileQueryTest {
  private StreamingQuery start(String... options) {
    var reader = session.readStream().format("json").schema(Encoders.bean(Event.class));
    for (int i = 0; i < options.length; i += 2) {
      reader.option(options[i], options[i + 1]);
    }
    return reader.load(in.toString()).as(Encoders.bean(Event.class))
        .writeStream().format("json").option("path", out.toString()).outputMode("append").start();
  }

  @Test
  void failFastStopsTheQueryNamingFileAndLine() {
    Path bad = write(in, "bad.json", 0, "{\"user\":\"ann\"}", "{\"user\":\"bob\",\"amount\":true}");
    StreamingQuery q = start("mode", "FAILFAST");
    try {
      assertThatThrownBy(q::processAllAvailable)
          .hasStackTraceContaining("Malformed record in " + bad + " at line 2");
    } finally {
      q.stop();
    }
    assertThat(FileSinkReader.committedFiles(out)).isEmpty();
  }

  @Test
  void permissiveNullsTheMalformedFields() throws Exception {
    write(in, "a.json", 0, "{\"user\":\"ann\",\"amount\":\"x\"}", "garbage");
    StreamingQuery q = start();
    drain(q);
    assertThat(FileSinkReader.read(out, Encoders.bean(Event.class)))
        .containsExactly(new Event("ann", null, null), new Event(null, null, null));
  }

  @Test
  void maxFilesPerTriggerMakesOneBatchPerFile() throws Exception {
    for (int i = 0; i < 3; i++) {
      write(in, "f" + i + ".json", i * 1000L, "{\"user\":\"u" + i + "\"}", "{\"user\":\"v" + i + "\"}");
    }
    StreamingQuery q = start("maxFilesPerTrigger", "1");
    try {
      q.processAllAvailable();
      assertThat(q.recentProgress()).filteredOn(p -> p.numInputRows() > 0).hasSize(3)
          .allMatch(p -> p.numInputRows() == 2);
    } finally {
      q.stop();
    }
    assertThat(FileSinkReader.committedFiles(out)).hasSize(3)
        .allMatch(f -> f.startsWith("part-"));
    assertThat(FileSinkReader.read(out, Encoders.bean(Event.class))).extracting(Event::getUser)
        .containsExactly("u0", "v0", "u1", "v1", "u2", "v2");
  }
}
