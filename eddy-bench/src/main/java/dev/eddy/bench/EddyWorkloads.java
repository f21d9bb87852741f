package dev.eddy.bench;

/**
 * Child-JVM entry point that runs workloads on Eddy; {@link Compare} starts it. Arguments: one or
 * more specs (see {@link WorkloadSpec#parseAll}), run one after the other; prints one {@link
 * WorkloadResult} line starting with {@link WorkloadResult#PREFIX} per spec. Exits with status 1
 * on a wrong answer or a failed query.
 */
public final class EddyWorkloads {
  private EddyWorkloads() {}

  public static void main(String[] args) throws Exception {
    for (WorkloadSpec spec : WorkloadSpec.parseAll(args)) {
      WorkloadResult r = spec.sessions() ? SessionBench.run(spec) : SeedBench.run(spec);
      System.out.println(WorkloadResult.PREFIX + r.toJson());
    }
  }
}
