package dev.eddy.bench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Runs workloads on one engine in a fresh JVM ({@link EddyWorkloads} or {@link SparkWorkloads})
 * with this JVM's class path, the given heap and Java 17's {@code --add-opens} flags that Spark
 * needs (passed to both engines alike), and reads back its result line. The time from just before
 * the process starts to the child's {@link BatchWait#FIRST_BATCH_MARKER} line is the W4 figure. The
 * child's standard error goes to a log file, named in any failure.
 */
final class ChildJvm {
  private static final List<String> OPENS = List.of(
      "java.lang", "java.lang.invoke", "java.lang.reflect", "java.io", "java.net", "java.nio", "java.util",
      "java.util.concurrent", "java.util.concurrent.atomic", "sun.nio.ch", "sun.nio.cs", "sun.security.action",
      "sun.util.calendar");

  /**
   * What one child run gave.
   *
   * @param results the child's result lines, one per spec
   * @param firstBatchMs process start to the first completed batch of the first spec
   */
  record Run(List<WorkloadResult> results, long firstBatchMs) {
    /** The result of a child that ran one spec. */
    WorkloadResult result() {
      return results.get(0);
    }
  }

  /** A child still running after this long is killed and its run fails. */
  static final long TIMEOUT_MINUTES = 20;

  private ChildJvm() {}

  /**
   * Runs {@code specs} one after the other on {@code engine} ({@code eddy} or {@code spark}) in one
   * JVM.
   *
   * @param heap the child's {@code -Xms} and {@code -Xmx}, such as {@code 8g}
   * @param log where the child's standard error goes
   * @throws IllegalStateException when the child fails, prints no result or runs longer than {@link
   *     #TIMEOUT_MINUTES}; names the log
   */
  static Run run(String engine, List<WorkloadSpec> specs, String heap, Path log) throws IOException, InterruptedException {
    List<String> cmd = new ArrayList<>();
    cmd.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    cmd.add("-Xms" + heap); // a fixed heap, as servers run: no resizing in the measured batches
    cmd.add("-Xmx" + heap);
    OPENS.forEach(p -> cmd.add("--add-opens=java.base/" + p + "=ALL-UNNAMED"));
    cmd.add("-Dorg.slf4j.simpleLogger.defaultLogLevel=warn");
    cmd.add("-cp");
    cmd.add(System.getProperty("java.class.path"));
    cmd.add(engine.equals("spark") ? SparkWorkloads.class.getName() : EddyWorkloads.class.getName());
    for (WorkloadSpec spec : specs) {
      if (spec != specs.get(0)) {
        cmd.add(WorkloadSpec.THEN);
      }
      cmd.addAll(spec.args());
    }
    Files.createDirectories(log.getParent());
    ProcessBuilder pb = new ProcessBuilder(cmd).redirectError(log.toFile());
    long t0 = System.nanoTime();
    Process p = pb.start();
    Thread watchdog = new Thread(() -> {
      try {
        if (!p.waitFor(TIMEOUT_MINUTES, TimeUnit.MINUTES)) {
          p.destroyForcibly();
        }
      } catch (InterruptedException e) {
        p.destroyForcibly();
      }
    }, "child-jvm-watchdog");
    watchdog.setDaemon(true);
    watchdog.start();
    long firstBatchNs = -1;
    List<WorkloadResult> results = new ArrayList<>();
    try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
      for (String line = out.readLine(); line != null; line = out.readLine()) {
        if (line.equals(BatchWait.FIRST_BATCH_MARKER) && firstBatchNs < 0) {
          firstBatchNs = System.nanoTime() - t0;
        } else if (line.startsWith(WorkloadResult.PREFIX)) {
          results.add(WorkloadResult.fromJson(line.substring(WorkloadResult.PREFIX.length())));
        }
      }
    }
    int status = p.waitFor();
    if (status != 0 || results.size() != specs.size() || firstBatchNs < 0) {
      String failed = specs.get(Math.min(results.size(), specs.size() - 1)).label();
      throw new IllegalStateException(engine + " " + failed + " failed (exit status " + status + "); see "
          + log.toAbsolutePath() + ":\n" + tail(log));
    }
    return new Run(results, firstBatchNs / 1_000_000);
  }

  private static String tail(Path log) throws IOException {
    List<String> lines = Files.readAllLines(log);
    return String.join("\n", lines.subList(Math.max(0, lines.size() - 30), lines.size()));
  }
}
