package dev.eddy.files.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.eddy.spi.SinkProvider;
import dev.eddy.spi.SourceProvider;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

class RegistrationTest {
  @Test
  void sourceFormatsAreRegistered() {
    assertThat(ServiceLoader.load(SourceProvider.class)).extracting(SourceProvider::shortName)
        .contains("json", "csv", "text");
  }

  @Test
  void sinkFormatsAreRegistered() {
    assertThat(ServiceLoader.load(SinkProvider.class)).extracting(SinkProvider::shortName).contains("json", "csv");
  }
}
