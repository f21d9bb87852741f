package dev.eddy.state.rocksdb;

import dev.eddy.spi.StateStoreProvider;
import dev.eddy.testkit.state.StateStoreContractTest;
import java.util.Map;

/** The state store contract for the {@code rocksdb} backend, with a snapshot every 2 versions. */
class RocksDbStateStoreContractTest extends StateStoreContractTest {
  @Override
  protected StateStoreProvider newProvider() {
    return new RocksDbStateStoreProvider();
  }

  @Override
  protected boolean durable() {
    return true;
  }

  @Override
  protected boolean supportsReloadOfOlderVersions() {
    return true;
  }

  @Override
  protected Map<String, String> conf() {
    return Map.of(RocksDbStateStoreProvider.MIN_DELTAS_FOR_SNAPSHOT, "2", RocksDbStateStoreProvider.MIN_BATCHES_TO_RETAIN, "3");
  }
}
