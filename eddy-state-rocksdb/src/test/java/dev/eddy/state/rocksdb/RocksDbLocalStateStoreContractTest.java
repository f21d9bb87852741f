package dev.eddy.state.rocksdb;

import dev.eddy.spi.StateStoreProvider;
import dev.eddy.testkit.state.StateStoreContractTest;

/** The state store contract for the {@code rocksdb} backend without a checkpoint (no files). */
class RocksDbLocalStateStoreContractTest extends StateStoreContractTest {
  @Override
  protected StateStoreProvider newProvider() {
    return new RocksDbStateStoreProvider();
  }
}
