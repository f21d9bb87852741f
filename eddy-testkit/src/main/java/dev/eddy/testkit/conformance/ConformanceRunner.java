package dev.eddy.testkit.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.eddy.AnalysisException;
import dev.eddy.Dataset;
import dev.eddy.Encoders;
import dev.eddy.testkit.Batch;
import dev.eddy.testkit.StreamDriver;
import dev.eddy.streaming.Trigger;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * Replays a {@link Scenario} against Eddy with a manual clock and compares every batch with the
 * one Apache Spark produced: batch ids, batch boundaries, and each batch's rows as a multiset of
 * canonical JSON. On a mismatch the error shows every batch so far, expected and actual.
 */
public final class ConformanceRunner {
  private static final ObjectMapper JSON = new ObjectMapper();

  private ConformanceRunner() {}

  /**
   * The directory of scenarios {@code -Deddy.conformance.dir=DIR} names, else the one bundled as
   * the class-path resource {@code /conformance/} next to {@code anchor} (a directory, or inside a
   * jar such as the test kit's test-jar).
   */
  public static Path scenarioDir(Class<?> anchor) {
    String dir = System.getProperty("eddy.conformance.dir");
    if (dir != null && !dir.isBlank()) {
      return Path.of(dir);
    }
    java.net.URL url = anchor.getResource("/conformance/count-basic.json");
    if (url == null) {
      throw new IllegalStateException("No bundled conformance scenarios on the class path of " + anchor.getName());
    }
    try {
      java.net.URI uri = url.toURI();
      if (uri.getScheme().equals("jar")) {
        try {
          java.nio.file.FileSystems.newFileSystem(uri, Map.of());
        } catch (java.nio.file.FileSystemAlreadyExistsException e) {
          // opened by an earlier call
        }
      }
      return Path.of(uri).getParent();
    } catch (java.net.URISyntaxException | IOException e) {
      throw new IllegalStateException("Cannot open the bundled conformance scenarios at " + url, e);
    }
  }

  /** Every {@code *.json} scenario in {@code dir}, sorted by file name. */
  public static List<Scenario> scenarios(Path dir) {
    try (Stream<Path> files = Files.list(dir)) {
      return files.filter(p -> p.toString().endsWith(".json")).sorted().map(Scenario::read).toList();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list scenarios in " + dir, e);
    }
  }

  /**
   * Runs {@code scenario}, with extra session {@code settings} (such as the state store backend).
   *
   * @throws AssertionError describing the first difference from Spark's output
   */
  public static void run(Scenario scenario, FunctionCatalogue catalogue, Map<String, String> settings) {
    Long interval = scenario.triggerIntervalMs();
    StreamDriver<Event, Object> driver =
        StreamDriver.of(Encoders.bean(Event.class), (Dataset<Event> events) -> {
          Dataset<Event> in = scenario.watermarkDelayMs() == null
              ? events
              : events.withWatermark("ts", scenario.watermarkDelayMs() + " milliseconds");
          @SuppressWarnings("unchecked")
          Dataset<Object> out = (Dataset<Object>) catalogue.build(scenario, in);
          return out;
        })
            .outputMode(scenario.outputMode())
            .trigger(interval == null ? Trigger.defaultTrigger() : Trigger.ProcessingTime(interval));
    settings.forEach(driver::config);
    try (driver) {
      try {
        driver.start();
      } catch (RuntimeException e) {
        checkError(scenario, -1, e, driver.batches());
        return;
      }
      if (scenario.expectsError() && scenario.expectedErrorStep() == -1) {
        throw new AssertionError(report(scenario, "expected the query to be rejected at start, but it started", List.of()));
      }
      List<JsonNode> steps = scenario.steps();
      for (int i = 0; i < steps.size(); i++) {
        JsonNode step = steps.get(i);
        try {
          if (step.has("addData")) {
            List<Event> rows = new ArrayList<>();
            for (JsonNode r : step.get("addData")) {
              rows.add(new Event(r.get("key").asText(), r.get("ts").asLong(), r.get("v").asLong()));
            }
            driver.addData(rows);
            if (interval == null) {
              driver.processAllAvailable();
            }
          } else if (step.has("advanceClockMs")) {
            driver.advanceClock(step.get("advanceClockMs").asLong());
          } else {
            throw new IllegalArgumentException("Scenario " + scenario.file() + ": unknown step " + step);
          }
        } catch (Exception e) {
          checkError(scenario, i, e, driver.batches());
          return;
        }
      }
      if (scenario.expectsError()) {
        throw new AssertionError(report(scenario,
            "expected " + scenario.expectedErrorClass() + " at step " + scenario.expectedErrorStep() + ", but no error",
            driver.batches()));
      }
      compare(scenario, driver.batches());
    }
  }

  private static void checkError(Scenario scenario, int step, Throwable error, List<Batch<Object>> batches) {
    if (!scenario.expectsError()) {
      AssertionError ae = new AssertionError(report(scenario, "unexpected error at step " + step + ": " + error, batches));
      ae.initCause(error);
      throw ae;
    }
    String actual = errorClass(error);
    if (!actual.equals(scenario.expectedErrorClass()) || step != scenario.expectedErrorStep()) {
      AssertionError ae = new AssertionError(report(scenario,
          "expected " + scenario.expectedErrorClass() + " at step " + scenario.expectedErrorStep() + " but got "
              + actual + " at step " + step + ": " + error, batches));
      ae.initCause(error);
      throw ae;
    }
    compare(scenario, batches);
  }

  /**
   * {@code AnalysisException} when Eddy rejected the query; otherwise the first {@code java.*}
   * class on the root cause's superclass chain.
   */
  static String errorClass(Throwable error) {
    for (Throwable t = error; t != null; t = t.getCause()) {
      if (t instanceof AnalysisException) {
        return "AnalysisException";
      }
    }
    Throwable root = error;
    while (root.getCause() != null && root.getCause() != root) {
      root = root.getCause();
    }
    for (Class<?> c = root.getClass(); c != null; c = c.getSuperclass()) {
      if (c.getName().startsWith("java.")) {
        return c.getSimpleName();
      }
    }
    return root.getClass().getSimpleName();
  }

  private static void compare(Scenario scenario, List<Batch<Object>> actual) {
    List<JsonNode> expected = scenario.expected();
    boolean same = expected.size() == actual.size();
    for (int i = 0; same && i < expected.size(); i++) {
      same = expected.get(i).get("batchId").asLong() == actual.get(i).batchId()
          && canonical(expected.get(i).get("rows")).equals(canonicalRows(actual.get(i).rows()));
    }
    if (!same) {
      throw new AssertionError(report(scenario, "batches differ from Apache Spark's", actual));
    }
  }

  private static String report(Scenario scenario, String problem, List<Batch<Object>> actual) {
    StringBuilder sb = new StringBuilder("Scenario '" + scenario.name() + "' (" + scenario.file() + "): " + problem + "\n");
    sb.append("Expected (Apache Spark):\n");
    for (JsonNode b : scenario.expected()) {
      sb.append("  batch ").append(b.get("batchId")).append(": ").append(canonical(b.get("rows"))).append('\n');
    }
    sb.append("Actual (Eddy):\n");
    for (Batch<Object> b : actual) {
      sb.append("  batch ").append(b.batchId()).append(": ").append(canonicalRows(b.rows())).append('\n');
    }
    return sb.toString();
  }

  private static List<String> canonical(JsonNode rows) {
    List<String> out = new ArrayList<>();
    rows.forEach(r -> out.add(canonicalJson(r)));
    out.sort(null);
    return out;
  }

  private static List<String> canonicalRows(List<Object> rows) {
    List<String> out = new ArrayList<>();
    for (Object r : rows) {
      out.add(canonicalJson(JSON.valueToTree(r)));
    }
    out.sort(null);
    return out;
  }

  private static String canonicalJson(JsonNode node) {
    if (node instanceof ObjectNode obj) {
      TreeMap<String, JsonNode> sorted = new TreeMap<>();
      for (Iterator<Map.Entry<String, JsonNode>> it = obj.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        sorted.put(e.getKey(), e.getValue());
      }
      StringBuilder sb = new StringBuilder("{");
      sorted.forEach((k, v) -> {
        if (sb.length() > 1) {
          sb.append(',');
        }
        sb.append('"').append(k).append("\":").append(canonicalJson(v));
      });
      return sb.append('}').toString();
    }
    try {
      return JSON.writeValueAsString(node);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
