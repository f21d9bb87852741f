package dev.eddy.bench;

import java.nio.file.Files;

/**
 * The latency floor (W3): the seed workload with 1,000-row batches over 1,000 keys, median and p99
 * batch duration, with or without a checkpoint on local disk.
 *
 * <pre>
 * mvn -q -pl eddy-bench exec:java -Dexec.mainClass=dev.eddy.bench.LatencyBench -Dexec.args="--batches 500 --checkpoint true"
 * </pre>
 */
public final class LatencyBench {
  private LatencyBench() {}

  public static void main(String[] args) throws Exception {
    var a = SeedBench.parse(args);
    int batches = Integer.parseInt(a.getOrDefault("batches", "500"));
    boolean checkpoint = Boolean.parseBoolean(a.getOrDefault("checkpoint", "true"));
    String dir = checkpoint ? Files.createTempDirectory("eddy-latency").resolve("cp").toString() : null;
    WorkloadSpec spec = new WorkloadSpec("W3", 1000, 1000, batches, batches / 10, 2, a.getOrDefault("backend", "memory"), dir);
    WorkloadResult r = SeedBench.run(spec);
    System.out.printf("W3 latency  1,000-row batches, checkpoint=%s: median %.1f ms, p99 %.1f ms over %d batches%n",
        checkpoint, r.medianMs(), r.p99Ms(), batches - spec.warmup());
  }
}
