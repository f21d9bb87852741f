package dev.eddy.testkit.conformance;

import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.TestFactory;

/**
 * Runs every conformance scenario (Apache Spark's own outputs) against Eddy: one test per
 * scenario, named after it. {@code -Deddy.conformance.dir=DIR} runs the scenarios of another
 * directory instead; {@code -Deddy.conformance.backend=NAME} picks the state store backend.
 */
class ConformanceTest {

  @TestFactory
  Stream<DynamicTest> scenarios() {
    String backend = System.getProperty("eddy.conformance.backend", "memory");
    Map<String, String> settings = Map.of("eddy.sql.streaming.stateStore.providerClass", backend);
    return ConformanceRunner.scenarios(ConformanceRunner.scenarioDir(ConformanceTest.class)).stream()
        .map(s -> DynamicTest.dynamicTest(s.name(), s.file().toUri(),
            () -> ConformanceRunner.run(s, new Catalogue(), settings)));
  }
}
