package dev.eddy.files.internal;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;

/**
 * Reads JSON Lines: one JSON object per line, each column taken from the member of the same name
 * (case-sensitive; a missing member or {@code null} gives null). A String column takes any value
 * (objects and arrays as their JSON text); other columns take a scalar that {@link
 * FieldConverter} can convert. Blank lines hold no record.
 *
 * <p>Thread safety: immutable; Jackson's readers are thread-safe.
 */
final class JsonRecordParser implements RecordParser {
  private static final ObjectReader READER =
      new ObjectMapper().reader().with(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
  private final ColumnSchema schema;

  JsonRecordParser(ColumnSchema schema) {
    this.schema = schema;
  }

  @Override
  public Object[] parse(String line) throws MalformedRecordException {
    if (line.isBlank()) {
      return null;
    }
    PartialRecord record = new PartialRecord(schema);
    JsonNode root;
    try {
      root = READER.readTree(line);
    } catch (JsonProcessingException e) {
      throw record.malformed("not valid JSON: " + e.getOriginalMessage(), e);
    }
    if (root == null || !root.isObject()) {
      throw record.malformed("not a JSON object", null);
    }
    for (int i = 0; i < schema.size(); i++) {
      JsonNode node = root.get(schema.name(i));
      Class<?> type = schema.type(i);
      record.put(i, () -> convert(node, type));
    }
    return record.complete();
  }

  private static Object convert(JsonNode node, Class<?> type) {
    if (node == null || node.isNull()) {
      return null;
    }
    if (node.isContainerNode()) {
      if (type == String.class) {
        return node.toString();
      }
      throw new IllegalArgumentException("cannot convert " + node + " to " + type.getSimpleName());
    }
    if (node.isBoolean() && type != String.class && type != boolean.class && type != Boolean.class) {
      throw new IllegalArgumentException("cannot convert " + node + " to " + type.getSimpleName());
    }
    return FieldConverter.convert(node.asText(), type);
  }
}
