package dev.eddy.internal.codec;

import java.util.HashMap;
import java.util.Map;

/**
 * Writes an enum constant by name, so reordering or adding constants never changes stored
 * values; reading a name the enum no longer has fails naming the enum and the name.
 */
final class EnumCodec<E extends Enum<E>> implements Codec<E> {
  private static final CodecSchema SCHEMA = CodecSchema.enumeration();
  private final Class<E> type;
  private final Map<String, E> byName = new HashMap<>();

  EnumCodec(Class<E> type) {
    this.type = type;
    for (E e : type.getEnumConstants()) {
      byName.put(e.name(), e);
    }
  }

  @Override
  public void write(E value, ByteOutput out) {
    out.writeString(value.name());
  }

  @Override
  public E read(ByteInput in) {
    String name = in.readString();
    E e = byName.get(name);
    if (e == null) {
      throw new IllegalArgumentException("Enum " + type.getName() + " has no constant '" + name + "'");
    }
    return e;
  }

  @Override
  public CodecSchema schema() {
    return SCHEMA;
  }
}
