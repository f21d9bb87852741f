package dev.eddy.bench;

/**
 * One line of the comparison: a workload, each engine's figures (null when that engine was not
 * run) and whether their answers agreed in every run.
 *
 * @param answer {@code same} or what differed
 */
record ComparisonRow(WorkloadSpec spec, EngineFigures eddy, EngineFigures spark, String answer) {

  /**
   * How many times faster Eddy is: the rows/s ratio for W1–W3 and W5, Spark's over Eddy's time from JVM
   * start to the first batch for W4; NaN without both engines.
   */
  double speedup() {
    if (eddy == null || spark == null) {
      return Double.NaN;
    }
    return spec.workload().equals("W4")
        ? spark.firstBatchMs() / eddy.firstBatchMs()
        : eddy.rowsPerSecond() / spark.rowsPerSecond();
  }
}
