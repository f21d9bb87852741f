package dev.eddy.files.internal;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;

/**
 * Writes the rows of one batch as the text of one data file, in a form the matching {@link
 * RecordParser} reads back.
 *
 * <p>Thread safety: implementations are immutable.
 */
interface RecordWriter {
  /** The extension of the data files, such as {@code json}. */
  String extension();

  /** Writes {@code rows}, whose values are in the order of {@code columns}, to {@code out}. */
  void write(List<String> columns, List<Object[]> rows, OutputStream out) throws IOException;
}
