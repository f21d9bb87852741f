package dev.eddy.internal.codec;

/** Skips a stored value knowing only its {@link CodecSchema}: how removed fields are read past. */
final class Skipper {
  private Skipper() {}

  static void skip(CodecSchema schema, ByteInput in) {
    switch (schema.kind()) {
      case SCALAR:
        ScalarCodecs.forName(schema.scalarName()).read(in);
        return;
      case ENUM:
        in.skip(in.readLength());
        return;
      case STRUCT: {
        int nullables = 0;
        for (CodecSchema.Field f : schema.fields()) {
          nullables += f.nullable() ? 1 : 0;
        }
        int bitmap = in.position();
        in.skip((nullables + 7) >>> 3);
        int bit = 0;
        for (CodecSchema.Field f : schema.fields()) {
          if (!f.nullable() || in.isBitSet(bitmap, bit++)) {
            skip(f.type(), in);
          }
        }
        return;
      }
      case LIST:
      case MAP: {
        int n = in.readLength();
        for (int i = 0; i < n; i++) {
          for (CodecSchema p : schema.params()) {
            skipNullable(p, in);
          }
        }
        return;
      }
      case OPTIONAL:
        skipNullable(schema.params().get(0), in);
        return;
      case ENTRY:
        skipNullable(schema.params().get(0), in);
        in.readVarLong();
        return;
      default:
        throw new IllegalArgumentException("Cannot skip a value of schema " + schema);
    }
  }

  private static void skipNullable(CodecSchema schema, ByteInput in) {
    if (in.readByte() != 0) {
      skip(schema, in);
    }
  }
}
