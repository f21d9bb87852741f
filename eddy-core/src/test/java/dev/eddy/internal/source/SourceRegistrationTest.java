package dev.eddy.internal.source;

import static org.assertj.core.api.Assertions.assertThat;

import dev.eddy.spi.SourceProvider;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

class SourceRegistrationTest {
  @Test
  void rateFormatsAreFoundByServiceLoader() {
    assertThat(ServiceLoader.load(SourceProvider.class).stream().map(p -> p.get().shortName()))
        .contains("rate", "rate-micro-batch");
  }
}
