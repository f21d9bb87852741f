package dev.eddy.files.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.eddy.spi.LongOffset;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileSourceLogTest {
  @TempDir Path in;
  @TempDir Path meta;

  private void file(String name, long mtime) throws IOException {
    Path p = in.resolve(name);
    Files.writeString(p, name + "\n", StandardCharsets.UTF_8);
    Files.setLastModifiedTime(p, FileTime.fromMillis(1_700_000_000_000L + mtime));
  }

  private SourceHarness source() {
    return new SourceHarness(new TextSourceProvider(), meta, null, in, "maxFilesPerTrigger", "1");
  }

  @Test
  void aRestartedSourceDoesNotReadLoggedFilesAgain() throws Exception {
    file("a", 1000);
    file("b", 2000);
    SourceHarness first = source();
    assertThat(first.nextValues()).containsExactly("a");
    assertThat(Files.readAllLines(meta.resolve("0")).get(0)).isEqualTo("v1");

    SourceHarness restarted = source();
    restarted.resumeAfter(new LongOffset(0)); // as the engine does with the committed offset
    assertThat(restarted.source().latestOffset()).isEqualTo(new LongOffset(1));
    assertThat(restarted.read(new LongOffset(0), new LongOffset(1))).extracting(r -> r.get(0)).containsExactly("b");
    assertThat(restarted.read(null, new LongOffset(0))).extracting(r -> r.get(0)).containsExactly("a");
    assertThat(restarted.source().latestOffset()).isEqualTo(new LongOffset(1));
    assertThat(restarted.source().metrics()).containsEntry("numFilesLogged", "2");
  }

  @Test
  void aFileTouchedAgainIsNeverLoggedTwice() throws Exception {
    file("a", 1000);
    source().source().latestOffset();
    file("a", 5000);
    SourceHarness restarted = source();
    assertThat(restarted.source().latestOffset()).isEqualTo(new LongOffset(0));
  }

  @Test
  void withoutAMetadataDirectoryTheLogIsInMemory() throws Exception {
    file("a", 1000);
    SourceHarness h = new SourceHarness(new TextSourceProvider(), null, null, in);
    assertThat(h.nextValues()).containsExactly("a");
    assertThat(new SourceHarness(new TextSourceProvider(), null, null, in).nextValues()).containsExactly("a");
  }

  @Test
  void aCorruptEntryIsReportedNamingTheFile() throws Exception {
    file("a", 1000);
    source().source().latestOffset();
    Files.writeString(meta.resolve("0"), "v9\n");
    assertThatThrownBy(this::source).hasMessageContaining(meta.resolve("0").toString()).hasMessageContaining("v1");
  }

  @Test
  void aMissingEntryIsReportedNamingTheDirectory() throws Exception {
    file("a", 1000);
    file("b", 2000);
    SourceHarness h = source();
    h.nextBatch();
    h.nextBatch();
    Files.delete(meta.resolve("0"));
    assertThatThrownBy(this::source).hasMessageContaining(meta.toString()).hasMessageContaining("missing entry 0");
  }
}
