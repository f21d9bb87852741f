package dev.eddy.files.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.eddy.spi.LongOffset;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileSourceBatchingTest {
  private static final long DAY = 86_400_000L;
  @TempDir Path in;

  private void file(String name, long mtime) throws IOException {
    Path p = in.resolve(name);
    Files.writeString(p, name + "\n", StandardCharsets.UTF_8);
    Files.setLastModifiedTime(p, FileTime.fromMillis(1_700_000_000_000L + mtime));
  }

  private SourceHarness text(String... options) {
    return new SourceHarness(new TextSourceProvider(), null, null, in, options);
  }

  @Test
  void noFilesMeansNoOffset() {
    assertThat(text().source().latestOffset()).isNull();
  }

  @Test
  void maxFilesPerTriggerSplitsFilesIntoOffsetsOldestFirst() throws Exception {
    file("c", 3000);
    file("a", 1000);
    file("b", 1000);
    SourceHarness h = text("maxFilesPerTrigger", "2");
    assertThat(h.nextValues()).containsExactly("a", "b");
    assertThat(h.nextValues()).containsExactly("c");
    assertThat(h.nextValues()).isEmpty();
    file("d", 4000);
    assertThat(h.nextValues()).containsExactly("d");
    assertThat(h.source().latestOffset()).isEqualTo(new LongOffset(2));
  }

  @Test
  void offsetsLoggedByARunThatStoppedBeforePlanningThemAreReplayedOneAtATime(@TempDir Path meta) throws Exception {
    file("a", 1000);
    file("b", 2000);
    file("c", 3000);
    SourceHarness first = new SourceHarness(new TextSourceProvider(), meta, null, in, "maxFilesPerTrigger", "1");
    assertThat(first.nextValues()).containsExactly("a"); // offset 0, committed
    assertThat(first.source().latestOffset()).isEqualTo(new LongOffset(1)); // logs b; the run dies here

    SourceHarness restarted = new SourceHarness(new TextSourceProvider(), meta, null, in, "maxFilesPerTrigger", "1");
    restarted.resumeAfter(new LongOffset(0));
    assertThat(restarted.nextValues()).as("b alone, as in an uninterrupted run").containsExactly("b");
    assertThat(restarted.nextValues()).containsExactly("c");
    assertThat(restarted.nextValues()).isEmpty();
  }

  @Test
  void latestFirstTakesTheNewestFilesFirst() throws Exception {
    file("a", 1000);
    file("b", 2000);
    file("c", 3000);
    SourceHarness h = text("maxFilesPerTrigger", "1", "latestFirst", "true");
    assertThat(h.nextValues()).containsExactly("c");
    assertThat(h.nextValues()).containsExactly("b");
    assertThat(h.nextValues()).containsExactly("a");
  }

  @Test
  void filesOlderThanMaxFileAgeBeforeTheNewestSeenAreIgnored() throws Exception {
    file("old", 0);
    file("new", 10 * DAY);
    SourceHarness h = text("maxFilesPerTrigger", "1", "maxFileAge", "7d");
    assertThat(h.nextValues()).containsExactly("old");
    assertThat(h.nextValues()).containsExactly("new");
    file("stale", 2 * DAY);
    file("recent", 9 * DAY);
    assertThat(h.nextValues()).containsExactly("recent");
    assertThat(h.nextValues()).isEmpty();
  }

  @Test
  void maxFileAgeIsIgnoredWhenLatestFirstLimitsTheFiles() throws Exception {
    file("old", 0);
    file("new", 10 * DAY);
    SourceHarness h = text("maxFilesPerTrigger", "1", "latestFirst", "true", "maxFileAge", "1h");
    assertThat(h.nextValues()).containsExactly("new");
    assertThat(h.nextValues()).containsExactly("old");
  }

  @Test
  void aReplayedRangeReadsTheSameFilesInTheSameOrder() throws Exception {
    file("a", 1000);
    file("b", 2000);
    SourceHarness h = text();
    LongOffset end = (LongOffset) h.source().latestOffset();
    assertThat(h.read(null, end)).isEqualTo(h.read(null, end)).hasSize(2);
    assertThat(h.source().planInputPartitions(null, end)).hasSize(2);
  }
}
