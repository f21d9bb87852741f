package dev.eddy.files.internal;

import dev.eddy.internal.checkpoint.CheckpointIO;
import dev.eddy.Encoder;
import dev.eddy.Row;
import dev.eddy.internal.codec.TypeEncoder;
import dev.eddy.internal.codec.TypeInfo;
import dev.eddy.spi.Sink;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * A sink writing each batch as a data file in a directory, committed exactly once through the
 * directory's {@link FileSinkLog}.
 *
 * <p>The protocol of {@link #addBatch}: (1) when the log has an entry for the batch, return: the
 * batch is a re-execution after a restart and its output is already committed; (2) write the
 * rows to {@code part-<batchId>-<uuid>.<ext>} through {@link CheckpointIO#writeNew} (no file for an empty
 * batch); (3) write the log entry for the batch naming that file. A crash between (2) and (3)
 * leaves an orphan data file that no reader sees and the re-executed batch writes anew; if the
 * entry appears between (1) and (3), the file just written is deleted.
 *
 * <p>Thread safety: called from the query thread only.
 */
final class FileStreamSink<T> implements Sink<T> {
  private final Path dir;
  private final FileSinkLog log;
  private final TypeEncoder<T> encoder;
  private final RecordWriter writer;

  FileStreamSink(Path dir, Encoder<T> encoder, RecordWriter writer) {
    this.dir = dir;
    this.log = new FileSinkLog(dir);
    this.encoder = TypeEncoder.cast(encoder);
    this.writer = writer;
  }

  @Override
  public void addBatch(long batchId, List<T> rows) throws IOException {
    if (log.contains(batchId)) {
      return;
    }
    Files.createDirectories(dir);
    List<String> files = new ArrayList<>();
    if (!rows.isEmpty()) {
      String name = "part-" + batchId + "-" + UUID.randomUUID() + "." + writer.extension();
      List<Object[]> values = new ArrayList<>(rows.size());
      for (T row : rows) {
        values.add(encoder.columnValues(row));
      }
      List<String> columns = encoder.info().kind() == TypeInfo.Kind.ROW
          ? ((Row) rows.get(0)).columns()
          : encoder.columnNames();
      CheckpointIO.get().writeNew(dir.resolve(name), out -> writer.write(columns, values, out));
      files.add(name);
    }
    boolean committed = false;
    try {
      committed = log.commit(batchId, files);
    } finally {
      if (!committed) {
        for (String f : files) {
          Files.deleteIfExists(dir.resolve(f));
        }
      }
    }
  }

  @Override
  public String toString() {
    return "FileStreamSink[" + dir + "]";
  }
}
