package dev.eddy.internal.state;

import dev.eddy.Encoder;
import dev.eddy.internal.codec.Codec;
import dev.eddy.internal.codec.CodecSchema;
import dev.eddy.internal.codec.Codecs;
import dev.eddy.internal.codec.CompositeEncoder;
import java.util.List;

/**
 * The encoder of a stateful operator's per-key {@link StateEntry}: the user's state encoder for
 * the value (absent for timeout-only entries) plus the timeout timestamp. Backends that store
 * bytes encode the entry as an optional value followed by the timeout.
 */
public final class StateEntryEncoder implements Encoder<StateEntry>, CompositeEncoder<StateEntry> {
  private static final long serialVersionUID = 1L;
  private final Encoder<?> valueEncoder;

  public StateEntryEncoder(Encoder<?> valueEncoder) {
    this.valueEncoder = valueEncoder;
  }

  /** The encoder of the user's state type. */
  public Encoder<?> valueEncoder() {
    return valueEncoder;
  }

  @Override
  public Class<StateEntry> clazz() {
    return StateEntry.class;
  }

  @Override
  public List<String> columnNames() {
    return List.of("value", "timeoutMs");
  }

  @Override
  @SuppressWarnings("unchecked")
  public Codec<StateEntry> codec() {
    return new StateEntryCodec((Codec<Object>) Codecs.forEncoder(valueEncoder));
  }

  @Override
  @SuppressWarnings("unchecked")
  public Codec<StateEntry> codec(CodecSchema written) {
    return new StateEntryCodec((Codec<Object>) Codecs.forEncoder(valueEncoder, written.params().get(0)));
  }

  @Override
  public String schemaString() {
    return "struct<value:" + valueEncoder.schemaString() + ",timeoutMs:long>";
  }
}
