package dev.eddy.files;

import dev.eddy.EddySession;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.sql.Timestamp;
import java.time.Instant;

/** Helpers for the file tests: input files with chosen modification times, a small session. */
final class TestFiles {
  static final long T0 = Instant.parse("2024-01-01T00:00:00Z").toEpochMilli();

  private TestFiles() {}

  /** Writes {@code lines} to {@code dir/name} and sets its modification time to T0 + {@code mtimeOffsetMs}. */
  static Path write(Path dir, String name, long mtimeOffsetMs, String... lines) {
    try {
      Path p = dir.resolve(name);
      Files.writeString(p, String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
      Files.setLastModifiedTime(p, FileTime.fromMillis(T0 + mtimeOffsetMs));
      return p;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static Timestamp ts(String iso) {
    return Timestamp.from(Instant.parse(iso));
  }

  static EddySession session() {
    return EddySession.builder()
        .appName("eddy-files-test")
        .config("eddy.sql.shuffle.partitions", 2)
        .config("eddy.workerThreads", 2)
        .getOrCreate();
  }
}
