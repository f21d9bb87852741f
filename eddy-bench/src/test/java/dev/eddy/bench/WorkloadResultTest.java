package dev.eddy.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class WorkloadResultTest {
  private final WorkloadSpec spec = new WorkloadSpec("W1", 1000, 100, 4, 1, 2, "memory", "cp");

  @Test
  void summarizesTheMeasuredBatchesAndTakesTheAnswerFromTheLastRequestedOne() {
    List<BatchFigures> batches = List.of(
        new BatchFigures(0, 100, 500, 100, 10, 0),
        new BatchFigures(1, 100, 10, 200, 20, 1),
        new BatchFigures(2, 100, 30, 300, 30, 2),
        new BatchFigures(3, 100, 20, 400, 40, 3),
        new BatchFigures(4, 100, 90, 999, 99, 9));

    WorkloadResult r = WorkloadResult.summarize("eddy", spec, batches, "0=4");

    assertThat(r.rowsPerSecond()).isEqualTo(300 * 1000.0 / 60);
    assertThat(r.medianMs()).isEqualTo(20);
    assertThat(r.p99Ms()).isEqualTo(30);
    assertThat(r.stateRows()).isEqualTo(400);
    assertThat(r.rowsRemoved()).isEqualTo(6);
  }

  @Test
  void readsBackItsJsonLine() {
    WorkloadResult r = new WorkloadResult("spark", "W1 K=1,000 memory", 1.5e6, 592, 700.5, 1000, 370_000, 0,
        "0=12000,1=12000", 1 << 30);

    assertThat(WorkloadResult.fromJson(r.toJson())).isEqualTo(r);
  }
}
