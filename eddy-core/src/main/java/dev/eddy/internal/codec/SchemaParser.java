package dev.eddy.internal.codec;

import java.util.ArrayList;
import java.util.List;

/** Recursive-descent parser of {@link CodecSchema#toString()} forms. */
final class SchemaParser {
  private final String text;
  private int pos;

  SchemaParser(String text) {
    this.text = text;
  }

  CodecSchema type() {
    String word = word();
    switch (word) {
      case "enum":
        return CodecSchema.enumeration();
      case "struct":
        return struct();
      case "list":
        return params(CodecSchema.Kind.LIST, 1);
      case "map":
        return params(CodecSchema.Kind.MAP, 2);
      case "optional":
        return params(CodecSchema.Kind.OPTIONAL, 1);
      case "entry":
        return params(CodecSchema.Kind.ENTRY, 1);
      default:
        if (!ScalarCodecs.isScalarName(word)) {
          throw error("unknown type '" + word + "'");
        }
        return CodecSchema.scalar(word);
    }
  }

  void end() {
    if (pos != text.length()) {
      throw error("unexpected text");
    }
  }

  private CodecSchema struct() {
    expect('<');
    List<CodecSchema.Field> fields = new ArrayList<>();
    if (!peek('>')) {
      do {
        String name = word();
        expect(':');
        CodecSchema t = type();
        boolean nullable = peek('?');
        if (nullable) {
          pos++;
        }
        fields.add(new CodecSchema.Field(name, t, nullable));
      } while (comma());
    }
    expect('>');
    return CodecSchema.struct(fields);
  }

  private CodecSchema params(CodecSchema.Kind kind, int count) {
    expect('<');
    CodecSchema[] ps = new CodecSchema[count];
    for (int i = 0; i < count; i++) {
      if (i > 0) {
        expect(',');
      }
      ps[i] = type();
    }
    expect('>');
    return CodecSchema.of(kind, ps);
  }

  private boolean comma() {
    if (peek(',')) {
      pos++;
      return true;
    }
    return false;
  }

  private String word() {
    int start = pos;
    while (pos < text.length() && (Character.isJavaIdentifierPart(text.charAt(pos)))) {
      pos++;
    }
    if (start == pos) {
      throw error("expected a name");
    }
    return text.substring(start, pos);
  }

  private boolean peek(char c) {
    return pos < text.length() && text.charAt(pos) == c;
  }

  private void expect(char c) {
    if (!peek(c)) {
      throw error("expected '" + c + "'");
    }
    pos++;
  }

  private IllegalArgumentException error(String what) {
    return new IllegalArgumentException("Malformed codec schema '" + text + "' at position " + pos + ": " + what);
  }
}
