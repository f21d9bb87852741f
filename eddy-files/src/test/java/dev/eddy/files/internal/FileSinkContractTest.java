package dev.eddy.files.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.eddy.Encoders;
import dev.eddy.files.FileSinkReader;
import dev.eddy.files.UserCount;
import dev.eddy.spi.Options;
import dev.eddy.spi.Sink;
import dev.eddy.spi.SinkContext;
import dev.eddy.spi.SinkProvider;
import dev.eddy.streaming.OutputMode;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The exactly-once contract every file sink format keeps (SEMANTICS C2): addBatch is idempotent
 * by batch id, and a reader of the directory sees committed batches only. One subclass per format.
 */
abstract class FileSinkContractTest {
  @TempDir Path dir;

  /** The provider under test. */
  abstract SinkProvider provider();

  /** Options besides {@code path}, also given to the reader. */
  Map<String, String> options() {
    return Map.of();
  }

  private Sink<UserCount> sink() {
    Map<String, String> opts = new java.util.HashMap<>(options());
    opts.put("path", dir.toString());
    return provider().createSink(
        new SinkContext<>("q", Encoders.bean(UserCount.class), OutputMode.Update()),
        new Options(provider().shortName(), opts));
  }

  private List<UserCount> committed() {
    return FileSinkReader.read(dir, Encoders.bean(UserCount.class), options());
  }

  @Test
  void theSameBatchIdTwiceIsWrittenOnce() throws Exception {
    Sink<UserCount> sink = sink();
    sink.addBatch(0, List.of(new UserCount("ann", 1), new UserCount("bob", 2)));
    sink.addBatch(0, List.of(new UserCount("ann", 1), new UserCount("bob", 2)));
    assertThat(committed()).containsExactly(new UserCount("ann", 1), new UserCount("bob", 2));
    assertThat(FileSinkReader.committedFiles(dir)).hasSize(1);
  }

  @Test
  void aReExecutedBatchAfterARestartKeepsTheFirstCommittedOutput() throws Exception {
    sink().addBatch(0, List.of(new UserCount("ann", 1)));
    Sink<UserCount> restarted = sink();
    restarted.addBatch(0, List.of(new UserCount("ann", 99)));
    restarted.addBatch(1, List.of(new UserCount("ann", 2)));
    assertThat(committed()).containsExactly(new UserCount("ann", 1), new UserCount("ann", 2));
    try (var files = Files.list(dir)) {
      assertThat(files.filter(p -> p.getFileName().toString().startsWith("part-"))).hasSize(2);
    }
  }

  @Test
  void dataFilesWithoutAMetadataEntryAreInvisible() throws Exception {
    Sink<UserCount> sink = sink();
    sink.addBatch(0, List.of(new UserCount("ann", 1)));
    String committedFile = FileSinkReader.committedFiles(dir).get(0);
    String ext = committedFile.substring(committedFile.lastIndexOf('.'));
    Files.copy(dir.resolve(committedFile), dir.resolve("part-1-crashed" + ext));
    Files.writeString(dir.resolve(".part-1-torn" + ext + ".tmp"), "half a rec");
    assertThat(committed()).containsExactly(new UserCount("ann", 1));
    assertThat(FileSinkReader.committedFiles(dir)).containsExactly(committedFile);
  }

  @Test
  void anEmptyBatchIsCommittedWithoutADataFile() throws Exception {
    Sink<UserCount> sink = sink();
    sink.addBatch(0, List.of());
    assertThat(Files.readAllLines(dir.resolve("_eddy_metadata/0"))).containsExactly("v1", "[]");
    assertThat(FileSinkReader.committedFiles(dir)).isEmpty();
    sink.addBatch(1, List.of(new UserCount("cid", 3)));
    assertThat(committed()).containsExactly(new UserCount("cid", 3));
  }

  @Test
  void batchesAreReadInBatchOrder() throws Exception {
    Sink<UserCount> sink = sink();
    for (int b = 0; b < 12; b++) {
      sink.addBatch(b, List.of(new UserCount("u", b)));
    }
    assertThat(committed()).extracting(UserCount::count)
        .containsExactly(0L, 1L, 2L, 3L, 4L, 5L, 6L, 7L, 8L, 9L, 10L, 11L);
  }

  @Test
  void aCorruptMetadataEntryIsReportedNamingIt() throws Exception {
    sink().addBatch(0, List.of(new UserCount("ann", 1)));
    Path entry = dir.resolve("_eddy_metadata/0");
    Files.writeString(entry, "v1\n[\"part-0");
    assertThatThrownBy(this::committed).hasMessageContaining(entry.toString());
  }

  @Test
  void theMetadataEntryListsTheDataFiles() throws Exception {
    sink().addBatch(7, List.of(new UserCount("ann", 1)));
    List<String> entry = Files.readAllLines(dir.resolve("_eddy_metadata/7"));
    assertThat(entry.get(0)).isEqualTo("v1");
    assertThat(entry.get(1)).isEqualTo("[\"" + FileSinkReader.committedFiles(dir).get(0) + "\"]");
    assertThat(FileSinkReader.committedFiles(dir).get(0)).startsWith("part-7-");
  }

  @Test
  void pathIsRequired() {
    assertThatThrownBy(() -> provider().createSink(
        new SinkContext<>("q", Encoders.bean(UserCount.class), OutputMode.Append()),
        new Options(provider().shortName(), Map.of())))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("'path'");
  }
}
