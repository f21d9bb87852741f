package dev.eddy.internal.json;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * JSON for checkpoint metadata, with Jackson's streaming reader and writer: objects become {@code
 * Map<String, Object>} (insertion-ordered), arrays {@code List<Object>}, integers {@code Long},
 * other numbers {@code Double}.
 */
public final class Json {
  private static final JsonFactory FACTORY = new JsonFactory();

  private Json() {}

  /** The compact JSON text of {@code value} (maps, lists, strings, numbers, booleans, null). */
  public static String write(Object value) {
    StringWriter out = new StringWriter();
    try (JsonGenerator g = FACTORY.createGenerator(out)) {
      write(g, value);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return out.toString();
  }

  private static void write(JsonGenerator g, Object v) throws IOException {
    if (v == null) {
      g.writeNull();
    } else if (v instanceof Map<?, ?> m) {
      g.writeStartObject();
      for (Map.Entry<?, ?> e : m.entrySet()) {
        g.writeFieldName(String.valueOf(e.getKey()));
        write(g, e.getValue());
      }
      g.writeEndObject();
    } else if (v instanceof List<?> l) {
      g.writeStartArray();
      for (Object o : l) {
        write(g, o);
      }
      g.writeEndArray();
    } else if (v instanceof Long || v instanceof Integer) {
      g.writeNumber(((Number) v).longValue());
    } else if (v instanceof Number n) {
      g.writeNumber(n.doubleValue());
    } else if (v instanceof Boolean b) {
      g.writeBoolean(b);
    } else {
      g.writeString(v.toString());
    }
  }

  /**
   * Parses a JSON object.
   *
   * @throws IllegalArgumentException when {@code text} is not one JSON object
   */
  @SuppressWarnings("unchecked")
  public static Map<String, Object> readObject(String text) {
    try (JsonParser p = FACTORY.createParser(text)) {
      Object v = read(p, p.nextToken());
      if (!(v instanceof Map) || p.nextToken() != null) {
        throw new IllegalArgumentException("Not a single JSON object: " + abbreviate(text));
      }
      return (Map<String, Object>) v;
    } catch (IOException e) {
      throw new IllegalArgumentException("Malformed JSON: " + e.getMessage() + " in " + abbreviate(text), e);
    }
  }

  private static Object read(JsonParser p, JsonToken t) throws IOException {
    if (t == null) {
      throw new IOException("unexpected end of input");
    }
    switch (t) {
      case START_OBJECT: {
        Map<String, Object> m = new LinkedHashMap<>();
        for (JsonToken k = p.nextToken(); k != JsonToken.END_OBJECT; k = p.nextToken()) {
          String name = p.currentName();
          m.put(name, read(p, p.nextToken()));
        }
        return m;
      }
      case START_ARRAY: {
        List<Object> l = new ArrayList<>();
        for (JsonToken e = p.nextToken(); e != JsonToken.END_ARRAY; e = p.nextToken()) {
          l.add(read(p, e));
        }
        return l;
      }
      case VALUE_STRING:
        return p.getText();
      case VALUE_NUMBER_INT:
        return p.getLongValue();
      case VALUE_NUMBER_FLOAT:
        return p.getDoubleValue();
      case VALUE_TRUE:
        return Boolean.TRUE;
      case VALUE_FALSE:
        return Boolean.FALSE;
      case VALUE_NULL:
        return null;
      default:
        throw new IOException("unexpected token " + t);
    }
  }

  private static String abbreviate(String s) {
    return s.length() > 200 ? s.substring(0, 200) + "..." : s;
  }
}
