package dev.eddy.bench.jmh;

import dev.eddy.Encoder;
import dev.eddy.Encoders;
import dev.eddy.internal.codec.ByteInput;
import dev.eddy.internal.codec.ByteOutput;
import dev.eddy.internal.codec.Codec;
import dev.eddy.internal.codec.Codecs;
import dev.eddy.internal.state.StateEntry;
import dev.eddy.internal.state.StateEntryEncoder;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Encode and decode of one value with the codec {@link Codecs#forEncoder} makes, for the three
 * shapes a stateful query writes per key: the grouping key ({@code string}), the user's state
 * ({@code record}, a one-field record) and the operator's per-key {@link StateEntry} wrapping that
 * state with a timeout ({@code stateEntry}). Encoding reuses one {@link ByteOutput} and decoding
 * one {@link ByteInput}, as a backend does; setup fails when a value does not survive the round
 * trip.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
public class CodecBench {
  /** The user's state in the W1 click count. */
  public record Clicks(int count) {}

  /** Which value is encoded. */
  @Param({"string", "record", "stateEntry"})
  public String value;

  private Codec<Object> codec;
  private Object sample;
  private final ByteOutput out = new ByteOutput(64);
  private final ByteInput in = new ByteInput(new byte[0]);
  private byte[] bytes;

  /** Builds the codec and checks that the sample decodes to itself. */
  @Setup
  @SuppressWarnings("unchecked")
  public void setUp() {
    Encoder<?> encoder;
    switch (value) {
      case "string" -> {
        encoder = Encoders.STRING();
        sample = "user-4711";
      }
      case "record" -> {
        encoder = Encoders.record(Clicks.class);
        sample = new Clicks(4711);
      }
      case "stateEntry" -> {
        encoder = new StateEntryEncoder(Encoders.record(Clicks.class));
        sample = new StateEntry(new Clicks(4711), 1_700_000_000_000L);
      }
      default -> throw new IllegalArgumentException("Unknown @Param value '" + value + "'");
    }
    codec = (Codec<Object>) Codecs.forEncoder(encoder);
    bytes = codec.encode(sample);
    Object back = codec.decode(bytes);
    if (!sample.equals(back)) {
      throw new IllegalStateException(value + ": wrote " + sample + " but read back " + back);
    }
  }

  /** Writes the sample into the reused buffer; returns the byte count so it is not dead code. */
  @Benchmark
  public int encode() {
    out.reset();
    codec.write(sample, out);
    return out.size();
  }

  /** Reads the sample back from its bytes. */
  @Benchmark
  public Object decode() {
    in.reset(bytes, 0, bytes.length);
    return codec.read(in);
  }
}
