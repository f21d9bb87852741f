package dev.eddy.internal.state;

import dev.eddy.internal.codec.ByteInput;
import dev.eddy.internal.codec.ByteOutput;
import dev.eddy.internal.codec.Codec;
import dev.eddy.internal.codec.CodecSchema;

/**
 * The binary form of a stateful operator's {@link StateEntry}: a presence byte, the user's state
 * value when present, then the timeout as a zig-zag varint ({@link StateEntry#NO_TIMESTAMP} takes
 * one byte).
 */
final class StateEntryCodec implements Codec<StateEntry> {
  private final Codec<Object> value;
  private final CodecSchema schema;

  StateEntryCodec(Codec<Object> value) {
    this.value = value;
    this.schema = CodecSchema.of(CodecSchema.Kind.ENTRY, value.schema());
  }

  @Override
  public void write(StateEntry entry, ByteOutput out) {
    out.writeNullable(value, entry.value());
    out.writeZigZagLong(entry.timeoutMs());
  }

  @Override
  public StateEntry read(ByteInput in) {
    Object v = in.readNullable(value);
    return new StateEntry(v, in.readZigZagLong());
  }

  @Override
  public CodecSchema schema() {
    return schema;
  }
}
