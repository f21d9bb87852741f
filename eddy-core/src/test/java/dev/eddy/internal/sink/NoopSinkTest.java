package dev.eddy.internal.sink;

import static org.assertj.core.api.Assertions.assertThatCode;

import dev.eddy.Encoders;
import dev.eddy.spi.Options;
import dev.eddy.spi.SinkContext;
import dev.eddy.streaming.OutputMode;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class NoopSinkTest {
  @Test
  void acceptsAndDiscardsBatches() {
    assertThatCode(() -> new NoopSinkProvider()
            .createSink(new SinkContext<>(null, Encoders.LONG(), OutputMode.Append()), new Options("noop", Map.of()))
            .addBatch(0, List.of(1L, 2L)))
        .doesNotThrowAnyException();
  }
}
