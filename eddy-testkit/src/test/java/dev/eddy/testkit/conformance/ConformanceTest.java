package dev.eddy.testkit.conformance;

import java.net.URISyntaxException;
import java.nio.file.Path;
import java.nio.file.Paths;
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

  static Path scenarioDir() throws URISyntaxException {
    String dir = System.getProperty("eddy.conformance.dir");
    if (dir != null && !dir.isBlank()) {
      return Paths.get(dir);
    }
    return Paths.get(ConformanceTest.class.getResource("/conformance/count-basic.json").toURI()).getParent();
  }

  @TestFactory
  Stream<DynamicTest> scenarios() throws URISyntaxException {
    String backend = System.getProperty("eddy.conformance.backend", "memory");
    Map<String, String> settings = Map.of("eddy.sql.streaming.stateStore.providerClass", backend);
    return ConformanceRunner.scenarios(scenarioDir()).stream()
        .map(s -> DynamicTest.dynamicTest(s.name(), s.file().toUri(),
            () -> ConformanceRunner.run(s, new Catalogue(), settings)));
  }
}
