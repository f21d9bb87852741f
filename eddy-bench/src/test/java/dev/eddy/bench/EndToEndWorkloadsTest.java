package dev.eddy.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Keeps the end-to-end harness from rotting: every workload runs once at the tiny size of {@code
 * Compare --tiny} on Eddy and on Apache Spark, each engine in one child JVM started the way {@link
 * Compare} starts them, and both must give the same answer (W1's runners also check theirs against
 * the expected counts). One Spark JVM runs all workloads, since Spark needs seconds to start.
 */
class EndToEndWorkloadsTest {
  @Test
  void everyWorkloadGivesTheSameAnswerOnEddyAndSpark(@TempDir Path dir) throws Exception {
    List<WorkloadSpec> plan = Compare.plan(
        List.of("W1", "W2", "W3", "W4", "W5"), List.of(1_000L), List.of("memory", "rocksdb"), true);
    List<WorkloadSpec> eddySpecs = withCheckpoints(plan, dir.resolve("eddy"));
    List<WorkloadSpec> sparkSpecs = withCheckpoints(plan, dir.resolve("spark"));

    List<WorkloadResult> eddy = ChildJvm.run("eddy", eddySpecs, "1g", dir.resolve("eddy.log")).results();
    List<WorkloadResult> spark = ChildJvm.run("spark", sparkSpecs, "1g", dir.resolve("spark.log")).results();

    for (int i = 0; i < plan.size(); i++) {
      assertThat(Compare.difference(List.of(eddy.get(i), spark.get(i))))
          .as("answers of %s", plan.get(i).label()).isNull();
    }
    assertThat(eddy).filteredOn(r -> r.workload().startsWith("W1")).allSatisfy(r -> assertThat(r.samples()).isNotEmpty());
    assertThat(eddy).filteredOn(r -> r.workload().startsWith("W2") || r.workload().startsWith("W5"))
        .as("W2 and W5 close sessions by timeout").allSatisfy(r -> assertThat(r.rowsRemoved()).isPositive());
  }

  private static List<WorkloadSpec> withCheckpoints(List<WorkloadSpec> plan, Path dir) {
    return plan.stream()
        .map(s -> s.withCheckpoint(dir.resolve(s.label().replaceAll("[^A-Za-z0-9]+", "-")).toString()))
        .toList();
  }
}
