package dev.eddy.bench;

import java.util.List;
import java.util.function.ToDoubleFunction;

/**
 * One engine's figures for one workload: each the median over the runs (so a figure and its
 * neighbour may come from different runs).
 *
 * @param runs how many runs the medians are over
 */
record EngineFigures(
    double rowsPerSecond, double medianMs, double p99Ms, double stateMemoryBytes, double peakRssBytes,
    double firstBatchMs, int runs) {

  /** The medians of {@code runs}, which must not be empty. */
  static EngineFigures medianOf(List<ChildJvm.Run> runs) {
    return new EngineFigures(
        median(runs, r -> r.result().rowsPerSecond()), median(runs, r -> r.result().medianMs()),
        median(runs, r -> r.result().p99Ms()), median(runs, r -> r.result().stateMemoryBytes()),
        median(runs, r -> r.result().peakRssBytes()), median(runs, r -> r.firstBatchMs()), runs.size());
  }

  private static double median(List<ChildJvm.Run> runs, ToDoubleFunction<ChildJvm.Run> f) {
    double[] v = runs.stream().mapToDouble(f).sorted().toArray();
    return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
  }
}
