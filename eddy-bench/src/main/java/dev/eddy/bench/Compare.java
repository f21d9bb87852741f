package dev.eddy.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

/**
 * The end-to-end comparison: runs each workload on Eddy and on Apache Spark, each run in its own
 * JVM with the same heap and partitions ({@link ChildJvm}), checks that both engines gave the same
 * answer in every run, and prints a Markdown table of the medians side by side with the Eddy/Spark
 * ratio, the raw-loop baseline ({@link RawLoopBaseline}) and an SVG chart ({@link SvgChart}). Exits
 * with status 1 when answers differ or a run fails.
 *
 * <pre>
 * mvn -q -pl eddy-bench exec:exec -Dexec.executable=java -Dexec.args="-cp %classpath dev.eddy.bench.Compare [options]"
 * </pre>
 *
 * <p>Options: {@code --workloads W1,W2,W3,W4,W5}; {@code --keys 1000,100000,1000000} (W1);
 * {@code --backends memory,rocksdb} (W1; the other workloads use the first); {@code --runs 3};
 * {@code --heap 8g}; {@code --engines eddy,spark}; {@code --work target/bench} (checkpoints, logs,
 * chart); {@code --tiny} for a correctness run of a few seconds per JVM at tiny sizes, one run each.
 */
public final class Compare {
  /**
   * Batches of a full-size W1, W2 or W5 run, of which the first {@link #FULL_WARMUP} are left out
   * of the figures on both engines (JIT compilation, heap sizing).
   */
  static final int FULL_BATCHES = 20;

  static final int FULL_WARMUP = 8;

  private Compare() {}

  public static void main(String[] args) throws Exception {
    Map<String, String> a = options(args);
    boolean tiny = a.containsKey("tiny");
    List<String> workloads = list(a.getOrDefault("workloads", "W1,W2,W3,W4,W5"));
    List<Long> keys = list(a.getOrDefault("keys", tiny ? "1000" : "1000,100000,1000000")).stream().map(Long::valueOf).toList();
    List<String> backends = list(a.getOrDefault("backends", tiny ? "memory" : "memory,rocksdb"));
    List<String> engines = list(a.getOrDefault("engines", "eddy,spark"));
    int runs = Integer.parseInt(a.getOrDefault("runs", tiny ? "1" : "3"));
    String heap = a.getOrDefault("heap", "8g");
    Path work = Path.of(a.getOrDefault("work", "target/bench"));

    List<ComparisonRow> rows = new ArrayList<>();
    boolean failed = false;
    for (WorkloadSpec spec : plan(workloads, keys, backends, tiny)) {
      ComparisonRow row = compare(spec, engines, runs, heap, work);
      failed |= row.answer().startsWith("DIFFER");
      rows.add(row);
    }
    System.out.println();
    System.out.println(ComparisonTable.render(rows));
    if (workloads.contains("W1")) {
      Map<Long, Double> loop = new LinkedHashMap<>();
      for (long k : keys) {
        loop.put(k, RawLoopBaseline.rowsPerSecond(k, tiny ? 100_000 : 1_000_000, tiny ? 3 : 9));
      }
      System.out.println(ComparisonTable.baseline(loop, rows));
    }
    Path svg = work.resolve("rows-per-second.svg");
    SvgChart.write(svg, String.format(Locale.ROOT, "Rows/s per workload, %d %s each (%s)", runs,
        runs == 1 ? "run" : "runs, median", tiny ? "tiny sizes" : "full sizes"), rows);
    System.out.println("Chart: " + svg.toAbsolutePath());
    if (failed) {
      System.exit(1);
    }
  }

  /** The workload specs to run, in order; checkpoints are set per run. */
  static List<WorkloadSpec> plan(List<String> workloads, List<Long> keys, List<String> backends, boolean tiny) {
    List<WorkloadSpec> specs = new ArrayList<>();
    String main = backends.get(0);
    for (String w : workloads) {
      switch (w) {
        case "W1" -> {
          for (String b : backends) {
            for (long k : keys) {
              specs.add(tiny ? new WorkloadSpec(w, k, 10_000, 3, 1, 2, b, null)
                  : new WorkloadSpec(w, k, 1_000_000, FULL_BATCHES, FULL_WARMUP, 2, b, null));
            }
          }
        }
        case "W2" -> specs.add(tiny ? new WorkloadSpec(w, 5_000, 20_000, 8, 1, 2, main, null)
            : new WorkloadSpec(w, 100_000, 1_000_000, FULL_BATCHES, FULL_WARMUP, 2, main, null));
        case "W3" -> specs.add(new WorkloadSpec(w, 1_000, 1_000, tiny ? 6 : 120, tiny ? 1 : 20, 2, main, null));
        case "W4" -> specs.add(new WorkloadSpec(w, 1_000, 1_000, 1, 0, 2, main, null));
        case "W5" -> specs.add(tiny ? new WorkloadSpec(w, 1_000, 50_000, 6, 1, 2, main, null)
            : new WorkloadSpec(w, 1_000, 1_000_000, FULL_BATCHES, FULL_WARMUP, 2, main, null));
        default -> throw new IllegalArgumentException("--workloads: unknown workload '" + w + "'; use W1,W2,W3,W4,W5");
      }
    }
    return specs;
  }

  /** Runs {@code spec} {@code runs} times on each engine and compares their answers run by run. */
  static ComparisonRow compare(WorkloadSpec spec, List<String> engines, int runs, String heap, Path work)
      throws IOException, InterruptedException {
    Map<String, List<ChildJvm.Run>> byEngine = new LinkedHashMap<>();
    String answer = "same";
    String name = spec.label().replaceAll("[^A-Za-z0-9]+", "-");
    for (int run = 1; run <= runs; run++) {
      List<WorkloadResult> results = new ArrayList<>();
      for (String engine : engines) {
        Path checkpoint = work.resolve("checkpoints").resolve(name + "-" + engine + "-" + run);
        deleteRecursively(checkpoint);
        ChildJvm.Run r = ChildJvm.run(engine, List.of(spec.withCheckpoint(checkpoint.toString())), heap,
            work.resolve("logs").resolve(name + "-" + engine + "-" + run + ".log"));
        deleteRecursively(checkpoint);
        byEngine.computeIfAbsent(engine, e -> new ArrayList<>()).add(r);
        results.add(r.result());
        System.out.printf(Locale.ROOT, "%-6s %-32s run %d/%d: %s rows/s, median %.1f ms, p99 %.1f ms, "
                + "state %,d rows in %s, peak RSS %s, JVM start to 1st batch %d ms, load average %s%n",
            engine, spec.label(), run, runs, ComparisonTable.rate(r.result().rowsPerSecond()), r.result().medianMs(),
            r.result().p99Ms(), r.result().stateRows(), ComparisonTable.bytes(r.result().stateMemoryBytes()),
            ComparisonTable.bytes(r.result().peakRssBytes()), r.firstBatchMs(), loadAverage());
      }
      String diff = difference(results);
      if (diff != null && answer.equals("same")) {
        answer = "DIFFER in run " + run + ": " + diff;
        System.out.println(answer);
      }
    }
    List<ChildJvm.Run> eddy = byEngine.get("eddy");
    List<ChildJvm.Run> spark = byEngine.get("spark");
    return new ComparisonRow(spec, eddy == null ? null : EngineFigures.medianOf(eddy),
        spark == null ? null : EngineFigures.medianOf(spark), engines.size() < 2 ? "not compared" : answer);
  }

  /** What differs between the engines' answers of one run, or null when nothing does. */
  static String difference(List<WorkloadResult> results) {
    for (WorkloadResult r : results.subList(Math.min(1, results.size()), results.size())) {
      WorkloadResult first = results.get(0);
      if (r.stateRows() != first.stateRows() || r.rowsRemoved() != first.rowsRemoved()
          || !r.samples().equals(first.samples())) {
        return String.format(Locale.ROOT, "%s: %d state rows, %d removed, samples [%s]; %s: %d, %d, [%s]",
            first.engine(), first.stateRows(), first.rowsRemoved(), first.samples(),
            r.engine(), r.stateRows(), r.rowsRemoved(), r.samples());
      }
    }
    return null;
  }

  /** The one-minute load average from {@code /proc/loadavg}: other work on the machine skews the figures. */
  private static String loadAverage() {
    try {
      return Files.readString(Path.of("/proc/loadavg")).split(" ")[0];
    } catch (IOException e) {
      return "unknown";
    }
  }

  private static void deleteRecursively(Path dir) throws IOException {
    if (Files.exists(dir)) {
      try (Stream<Path> paths = Files.walk(dir)) {
        for (Path p : paths.sorted(Comparator.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }
  }

  private static List<String> list(String csv) {
    return List.of(csv.split(","));
  }

  private static Map<String, String> options(String[] args) {
    List<String> pairs = new ArrayList<>();
    Map<String, String> flags = new LinkedHashMap<>();
    for (String arg : args) {
      if (arg.equals("--tiny")) {
        flags.put("tiny", "true");
      } else {
        pairs.add(arg);
      }
    }
    Map<String, String> m = SeedBench.parse(pairs.toArray(String[]::new));
    m.putAll(flags);
    return m;
  }
}
