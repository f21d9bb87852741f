package dev.eddy.internal.checkpoint;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link CheckpointIO#writeNew}: a streamed, atomic write that never replaces a file. */
class CheckpointIOTest {
  @TempDir Path dir;

  private long filesIn(Path d) throws IOException {
    try (Stream<Path> s = Files.list(d)) {
      return s.count();
    }
  }

  @Test
  void writeNewWritesOnceAndNeverReplaces() throws Exception {
    Path f = dir.resolve("sub/0");
    assertThat(CheckpointIO.get().writeNew(f, out -> out.write("first".getBytes(StandardCharsets.UTF_8)))).isTrue();
    assertThat(CheckpointIO.get().writeNew(f, out -> out.write("second".getBytes(StandardCharsets.UTF_8)))).isFalse();
    assertThat(Files.readString(f)).isEqualTo("first");
    assertThat(filesIn(f.getParent())).as("no temporary file left").isEqualTo(1);
  }

  @Test
  void writeNewThatFailsLeavesNoFileAndNamesIt() throws Exception {
    CheckpointIO full = new CheckpointIO() {
      @Override
      protected void write(FileChannel channel, ByteBuffer buf) throws IOException {
        throw new IOException("No space left on device");
      }
    };
    CheckpointIO previous = CheckpointIO.install(full);
    try {
      Path f = dir.resolve("1");
      assertThatThrownBy(() -> CheckpointIO.get().writeNew(f, out -> out.write(new byte[100_000])))
          .isInstanceOf(UncheckedIOException.class)
          .hasMessageContaining(f.toString())
          .hasMessageContaining("No space left");
      assertThat(filesIn(dir)).isZero();
    } finally {
      CheckpointIO.install(previous);
    }
  }
}
