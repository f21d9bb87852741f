package dev.eddy.testkit.state;

import dev.eddy.internal.state.MemoryStateStoreProvider;
import dev.eddy.spi.StateStoreProvider;

/** The state store contract for the {@code memory} backend with a checkpoint directory. */
class MemoryStateStoreContractTest extends StateStoreContractTest {
  @Override
  protected StateStoreProvider newProvider() {
    return new MemoryStateStoreProvider();
  }

  @Override
  protected boolean durable() {
    return true;
  }

  @Override
  protected boolean supportsReloadOfOlderVersions() {
    return true;
  }
}
