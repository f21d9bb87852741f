package dev.eddy.internal.json;

import java.util.Map;

/**
 * Writes JSON text: objects with string, number, boolean, nested object and array values. Used
 * for progress reports; never for state.
 */
public final class JsonWriter {
  private final StringBuilder sb = new StringBuilder();
  private final boolean pretty;
  private int depth;
  private boolean first = true;

  public JsonWriter(boolean pretty) {
    this.pretty = pretty;
  }

  public JsonWriter beginObject() {
    sb.append('{');
    depth++;
    first = true;
    return this;
  }

  public JsonWriter endObject() {
    depth--;
    if (!first) {
      newline();
    }
    sb.append('}');
    first = false;
    return this;
  }

  public JsonWriter beginArray(String name) {
    name(name);
    sb.append('[');
    depth++;
    first = true;
    return this;
  }

  public JsonWriter endArray() {
    depth--;
    if (!first) {
      newline();
    }
    sb.append(']');
    first = false;
    return this;
  }

  /** Starts an element of the current array. */
  public JsonWriter element() {
    if (!first) {
      sb.append(',');
    }
    newline();
    first = true;
    return this;
  }

  public JsonWriter name(String name) {
    if (!first) {
      sb.append(',');
    }
    newline();
    quote(name);
    sb.append(pretty ? " : " : ":");
    first = true;
    return this;
  }

  public JsonWriter field(String name, String value) {
    name(name);
    if (value == null) {
      sb.append("null");
    } else {
      quote(value);
    }
    first = false;
    return this;
  }

  public JsonWriter field(String name, long value) {
    name(name);
    sb.append(value);
    first = false;
    return this;
  }

  public JsonWriter field(String name, double value) {
    name(name);
    sb.append(Double.isFinite(value) ? Double.toString(value) : "\"" + value + "\"");
    first = false;
    return this;
  }

  /** Writes the raw JSON {@code json} (such as an offset) as the value of {@code name}. */
  public JsonWriter rawField(String name, String json) {
    name(name);
    sb.append(json == null ? "null" : json);
    first = false;
    return this;
  }

  public JsonWriter mapField(String name, Map<String, ?> map) {
    name(name);
    beginObject();
    for (Map.Entry<String, ?> e : map.entrySet()) {
      Object v = e.getValue();
      if (v instanceof Long || v instanceof Integer) {
        field(e.getKey(), ((Number) v).longValue());
      } else if (v instanceof Number) {
        field(e.getKey(), ((Number) v).doubleValue());
      } else {
        field(e.getKey(), v == null ? null : v.toString());
      }
    }
    endObject();
    return this;
  }

  private void newline() {
    if (pretty) {
      sb.append('\n');
      sb.append("  ".repeat(Math.max(0, depth)));
    }
  }

  private void quote(String s) {
    sb.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"':
          sb.append("\\\"");
          break;
        case '\\':
          sb.append("\\\\");
          break;
        case '\n':
          sb.append("\\n");
          break;
        case '\r':
          sb.append("\\r");
          break;
        case '\t':
          sb.append("\\t");
          break;
        default:
          if (c < 0x20) {
            sb.append(String.format("\\u%04x", (int) c));
          } else {
            sb.append(c);
          }
      }
    }
    sb.append('"');
  }

  @Override
  public String toString() {
    return sb.toString();
  }
}
