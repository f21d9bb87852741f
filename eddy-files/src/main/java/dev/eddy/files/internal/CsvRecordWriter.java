package dev.eddy.files.internal;

import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Writes CSV: one line per row, values as {@link ValueText} writes them, null as an empty field,
 * quoting where needed and escaping the quote character with the escape character (Spark's
 * defaults); the column names first with {@code header}. A value holding a line break is quoted
 * but still breaks the line, so line-based readers cannot read it back.
 *
 * <p>Thread safety: immutable; Jackson's writers are thread-safe.
 */
final class CsvRecordWriter implements RecordWriter {
  private static final CsvMapper MAPPER = new CsvMapper();
  private final CsvOptions options;
  private final ObjectWriter writer;

  CsvRecordWriter(CsvOptions options) {
    this.options = options;
    this.writer = MAPPER.writerFor(String[].class)
        .with(options.jacksonSchema())
        .with(CsvGenerator.Feature.ESCAPE_QUOTE_CHAR_WITH_ESCAPE_CHAR);
  }

  @Override
  public String extension() {
    return "csv";
  }

  @Override
  public void write(List<String> columns, List<Object[]> rows, OutputStream out) throws IOException {
    Writer text = new OutputStreamWriter(out, StandardCharsets.UTF_8);
    try (SequenceWriter lines = writer.writeValues(text)) { // closing flushes through to out
      if (options.header()) {
        lines.write(columns.toArray(new String[0]));
      }
      for (Object[] row : rows) {
        String[] fields = new String[row.length];
        for (int i = 0; i < row.length; i++) {
          String value = ValueText.of(row[i]);
          fields[i] = value == null ? "" : value; // Jackson leaves out null array elements
        }
        lines.write(fields);
      }
    }
  }
}
