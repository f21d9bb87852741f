package dev.eddy.files.internal;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.OutputStream;
import java.math.BigDecimal;
import java.util.List;

/**
 * Writes JSON Lines: one object per row, members in column order, null values left out (as
 * Spark's {@code ignoreNullFields}). Numbers and booleans are JSON numbers and booleans;
 * everything else is a string as {@link ValueText} writes it.
 *
 * <p>Thread safety: immutable.
 */
final class JsonRecordWriter implements RecordWriter {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Override
  public String extension() {
    return "json";
  }

  @Override
  public void write(List<String> columns, List<Object[]> rows, OutputStream out) throws IOException {
    try (JsonGenerator g = JSON.getFactory().createGenerator(out, JsonEncoding.UTF8)) {
      g.configure(JsonGenerator.Feature.AUTO_CLOSE_TARGET, false);
      g.setRootValueSeparator(null);
      for (Object[] row : rows) {
        g.writeStartObject();
        for (int i = 0; i < row.length; i++) {
          if (row[i] != null) {
            g.writeFieldName(columns.get(i));
            writeValue(g, row[i]);
          }
        }
        g.writeEndObject();
        g.writeRaw('\n');
      }
    }
  }

  private static void writeValue(JsonGenerator g, Object v) throws IOException {
    if (v instanceof Boolean b) {
      g.writeBoolean(b);
    } else if (v instanceof BigDecimal d) {
      g.writeNumber(d);
    } else if (v instanceof Double || v instanceof Float) {
      g.writeNumber(((Number) v).doubleValue());
    } else if (v instanceof Long || v instanceof Integer || v instanceof Short || v instanceof Byte) {
      g.writeNumber(((Number) v).longValue());
    } else {
      g.writeString(ValueText.of(v));
    }
  }
}
