package dev.eddy.files.internal;

import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import java.io.IOException;

/**
 * Reads CSV, one record per line, columns by position. An empty field is null. A line with more
 * or fewer fields than the schema has columns is malformed (PERMISSIVE keeps the fields that are
 * there); so is a field that does not convert to its column's type. Blank lines hold no record.
 *
 * <p>Thread safety: immutable; Jackson's readers are thread-safe.
 */
final class CsvRecordParser implements RecordParser {
  private static final CsvMapper MAPPER = new CsvMapper();
  private final ColumnSchema schema;
  private final ObjectReader reader;

  CsvRecordParser(ColumnSchema schema, CsvOptions options) {
    this.schema = schema;
    this.reader = MAPPER.readerFor(String[].class).with(options.jacksonSchema());
  }

  @Override
  public Object[] parse(String line) throws MalformedRecordException {
    if (line.isBlank()) {
      return null;
    }
    PartialRecord record = new PartialRecord(schema);
    String[] fields;
    try {
      fields = reader.readValue(line);
    } catch (IOException e) {
      throw record.malformed("not valid CSV: " + e.getMessage().lines().findFirst().orElse(""), e);
    }
    if (fields.length != schema.size()) {
      record.fail("expected " + schema.size() + " fields, found " + fields.length, null);
    }
    for (int i = 0; i < schema.size() && i < fields.length; i++) {
      String text = fields[i] == null || fields[i].isEmpty() ? null : fields[i];
      Class<?> type = schema.type(i);
      record.put(i, () -> FieldConverter.convert(text, type));
    }
    return record.complete();
  }
}
