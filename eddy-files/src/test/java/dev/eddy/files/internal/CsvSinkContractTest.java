package dev.eddy.files.internal;

import dev.eddy.spi.SinkProvider;
import java.util.Map;

class CsvSinkContractTest extends FileSinkContractTest {
  @Override
  SinkProvider provider() {
    return new CsvSinkProvider();
  }

  @Override
  Map<String, String> options() {
    return Map.of("header", "true", "sep", "|");
  }
}
