package dev.eddy.bench;

/**
 * Child-JVM entry point that runs workloads on Apache Spark, with the arguments and output of
 * {@link EddyWorkloads}; {@link Compare} starts it with the {@code --add-opens} flags Spark needs.
 * Halts the JVM when done or failed, without shutdown hooks: Spark may leave non-daemon threads
 * behind, and its shutdown hook can block when its {@code stop()} did (see {@link SparkRun#stop}).
 */
public final class SparkWorkloads {
  private SparkWorkloads() {}

  public static void main(String[] args) {
    try {
      for (WorkloadSpec spec : WorkloadSpec.parseAll(args)) {
        WorkloadResult r = spec.sessions() ? SparkSessionWorkload.run(spec) : SparkSeedWorkload.run(spec);
        System.out.println(WorkloadResult.PREFIX + r.toJson());
      }
    } catch (Throwable t) {
      t.printStackTrace();
      System.out.flush();
      Runtime.getRuntime().halt(1);
    }
    System.out.flush();
    Runtime.getRuntime().halt(0);
  }
}
