package dev.eddy.testkit.state;

import dev.eddy.internal.state.MemoryStateStoreProvider;
import dev.eddy.spi.StateStoreProvider;

/** The state store contract for the {@code memory} backend without a checkpoint: reload tests skip. */
class InMemoryStateStoreContractTest extends StateStoreContractTest {
  @Override
  protected StateStoreProvider newProvider() {
    return new MemoryStateStoreProvider();
  }
}
