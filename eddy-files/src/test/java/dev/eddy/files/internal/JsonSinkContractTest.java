package dev.eddy.files.internal;

import dev.eddy.spi.SinkProvider;

class JsonSinkContractTest extends FileSinkContractTest {
  @Override
  SinkProvider provider() {
    return new JsonSinkProvider();
  }
}
