package dev.eddy.testkit.conformance;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * One conformance scenario as stored in {@code *.json}: a stateful function of the catalogue, the
 * input steps, and every batch Apache Spark produced for them. The format is described in the
 * conformance directory's README.
 */
public record Scenario(
    String name,
    String function,
    JsonNode params,
    String api,
    String timeout,
    String outputMode,
    Long watermarkDelayMs,
    Long triggerIntervalMs,
    List<JsonNode> steps,
    List<JsonNode> expected,
    String expectedErrorClass,
    int expectedErrorStep,
    Path file) {

  private static final ObjectMapper JSON = new ObjectMapper();

  /**
   * Reads a scenario file.
   *
   * @throws IllegalArgumentException naming the file and field when it is malformed
   */
  public static Scenario read(Path file) {
    JsonNode root;
    try {
      root = JSON.readTree(java.nio.file.Files.readAllBytes(file));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read scenario " + file, e);
    }
    JsonNode error = root.path("expectedError");
    return new Scenario(
        text(root, "name", file),
        text(root, "function", file),
        root.path("params"),
        text(root, "api", file),
        text(root, "timeout", file),
        text(root, "outputMode", file),
        root.path("watermarkDelayMs").isNumber() ? root.get("watermarkDelayMs").asLong() : null,
        root.path("triggerIntervalMs").isNumber() ? root.get("triggerIntervalMs").asLong() : null,
        list(root.path("steps")),
        list(root.path("expected")),
        error.isObject() ? text(error, "class", file) : null,
        error.isObject() ? error.path("atStep").asInt() : Integer.MIN_VALUE,
        file);
  }

  private static String text(JsonNode node, String field, Path file) {
    JsonNode v = node.get(field);
    if (v == null || !v.isTextual()) {
      throw new IllegalArgumentException("Scenario " + file + ": field '" + field + "' is missing or not a string");
    }
    return v.asText();
  }

  private static List<JsonNode> list(JsonNode array) {
    List<JsonNode> out = new ArrayList<>();
    array.forEach(out::add);
    return out;
  }

  /** Whether the query is expected to fail. */
  public boolean expectsError() {
    return expectedErrorClass != null;
  }
}
