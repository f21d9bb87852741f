package dev.eddy.files.internal;

import dev.eddy.Row;
import dev.eddy.spi.InputPartition;
import dev.eddy.spi.RowConsumer;
import java.nio.file.Path;
import java.util.List;

/**
 * One file of a batch, read as {@link FileRow}s.
 *
 * <p>Thread safety: immutable; {@link #read} may run on any thread.
 */
final class FilePartition implements InputPartition<Row> {
  private final Path file;
  private final List<String> columns;
  private final RecordFileReader reader;

  FilePartition(Path file, List<String> columns, RecordFileReader reader) {
    this.file = file;
    this.columns = columns;
    this.reader = reader;
  }

  @Override
  public void read(RowConsumer<? super Row> out) throws Exception {
    reader.read(file, values -> out.accept(new FileRow(columns, values)));
  }

  @Override
  public String toString() {
    return "FilePartition[" + file + "]";
  }
}
