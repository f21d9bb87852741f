package dev.eddy.testkit.conformance;

import dev.eddy.Dataset;

/**
 * Builds the stateful query of a scenario from its function name and parameters (the catalogue in
 * the conformance README). Implemented in Eddy's test sources.
 */
@FunctionalInterface
public interface FunctionCatalogue {
  /**
   * The scenario's stateful operator applied to {@code events} (watermark already applied when
   * the scenario has one).
   */
  Dataset<?> build(Scenario scenario, Dataset<Event> events);
}
