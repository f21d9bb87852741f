package dev.eddy.state.rocksdb;

import dev.eddy.testkit.conformance.Catalogue;
import dev.eddy.testkit.conformance.ConformanceRunner;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Every Spark conformance scenario with the {@code rocksdb} backend selected: the same batches as
 * Apache Spark produced.
 */
class RocksDbConformanceTest {
  @TestFactory
  Stream<DynamicTest> scenariosOnRocksDb() {
    Map<String, String> settings = Map.of("eddy.sql.streaming.stateStore.providerClass", "rocksdb");
    return ConformanceRunner.scenarios(ConformanceRunner.scenarioDir(Catalogue.class)).stream()
        .map(s -> DynamicTest.dynamicTest(s.name(), s.file().toUri(),
            () -> ConformanceRunner.run(s, new Catalogue(), settings)));
  }
}
