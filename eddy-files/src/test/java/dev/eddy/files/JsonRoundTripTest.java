package dev.eddy.files;

import static dev.eddy.files.TestFiles.ts;
import static dev.eddy.files.TestFiles.write;
import static org.assertj.core.api.Assertions.assertThat;

import dev.eddy.Dataset;
import dev.eddy.Encoders;
import dev.eddy.streaming.GroupStateTimeout;
import dev.eddy.streaming.StreamingQuery;
import java.util.Iterator;
import org.junit.jupiter.api.Test;

class JsonRoundTripTest extends FileQueryTest {
  private Dataset<Event> events() {
    return session.readStream().format("json").schema(Encoders.bean(Event.class)).load(in.toString())
        .as(Encoders.bean(Event.class));
  }

  @Test
  void statelessQueryCopiesEveryRecordOnce() throws Exception {
    write(in, "a.json", 0,
        "{\"user\":\"ann\",\"amount\":1,\"time\":\"2024-01-01T10:00:00Z\"}",
        "{\"user\":\"bob\",\"amount\":2,\"time\":1704103200000}");
    StreamingQuery q = events().writeStream().format("json").option("path", out.toString()).outputMode("append").start();
    try {
      q.processAllAvailable();
      write(in, "b.json", 1000, "{\"user\":\"cid\",\"time\":\"2024-01-01 12:00:00\"}");
      q.processAllAvailable();
    } finally {
      q.stop();
    }
    assertThat(FileSinkReader.read(out, Encoders.bean(Event.class))).containsExactlyInAnyOrder(
        new Event("ann", 1L, ts("2024-01-01T10:00:00Z")),
        new Event("bob", 2L, ts("2024-01-01T10:00:00Z")),
        new Event("cid", null, ts("2024-01-01T12:00:00Z")));
    assertThat(FileSinkReader.committedFiles(out)).hasSize(2).allMatch(f -> f.matches("part-\\d+-.*\\.json"));
  }

  @Test
  void mapGroupsWithStateCountsInUpdateMode() throws Exception {
    write(in, "a.json", 0, "{\"user\":\"ann\"}", "{\"user\":\"bob\"}", "{\"user\":\"ann\"}");
    Dataset<UserCount> counts = events()
        .groupByKey(Event::getUser, Encoders.STRING())
        .mapGroupsWithState((String user, Iterator<Event> evs, dev.eddy.streaming.GroupState<Long> state) -> {
          long n = state.getOption().orElse(0L);
          for (; evs.hasNext(); evs.next()) {
            n++;
          }
          state.update(n);
          return new UserCount(user, n);
        }, Encoders.LONG(), Encoders.bean(UserCount.class), GroupStateTimeout.NoTimeout());
    StreamingQuery q = counts.writeStream().format("json").option("path", out.toString()).outputMode("update").start();
    try {
      q.processAllAvailable();
      write(in, "b.json", 1000, "{\"user\":\"ann\"}");
      q.processAllAvailable();
    } finally {
      q.stop();
    }
    assertThat(FileSinkReader.read(out, Encoders.bean(UserCount.class))).containsExactlyInAnyOrder(
        new UserCount("ann", 2), new UserCount("bob", 1), new UserCount("ann", 3));
    assertThat(FileSinkReader.readLines(out)).contains("{\"user\":\"ann\",\"count\":3}");
  }
}
