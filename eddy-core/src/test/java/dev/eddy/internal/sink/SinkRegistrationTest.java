package dev.eddy.internal.sink;

import static org.assertj.core.api.Assertions.assertThat;

import dev.eddy.spi.SinkProvider;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

class SinkRegistrationTest {
  @Test
  void coreSinksAreFoundByServiceLoader() {
    assertThat(ServiceLoader.load(SinkProvider.class).stream().map(p -> p.get().shortName()))
        .contains("console", "memory", "noop");
  }
}
