package dev.eddy.bench;

import java.util.List;
import java.util.Locale;
import java.util.Map;

/** Renders comparison rows and the raw-loop baseline as Markdown tables. */
final class ComparisonTable {
  private ComparisonTable() {}

  /** The side-by-side table; W4's ratio compares start-up times, the others rows/s. */
  static String render(List<ComparisonRow> rows) {
    StringBuilder b = new StringBuilder();
    b.append("| workload | Eddy rows/s | Spark rows/s | Eddy ÷ Spark | Eddy median / p99 batch | ")
        .append("Spark median / p99 batch | Eddy state | Spark state | Eddy peak RSS | Spark peak RSS | ")
        .append("JVM start → 1st batch, Eddy / Spark | runs | answers |\n");
    b.append("|---|---|---|---|---|---|---|---|---|---|---|---|---|\n");
    for (ComparisonRow r : rows) {
      EngineFigures e = r.eddy();
      EngineFigures s = r.spark();
      b.append("| ").append(r.spec().label())
          .append(" | ").append(e == null ? "—" : rate(e.rowsPerSecond()))
          .append(" | ").append(s == null ? "—" : rate(s.rowsPerSecond()))
          .append(" | ").append(Double.isNaN(r.speedup()) ? "—" : String.format(Locale.ROOT, "%.1f×", r.speedup()))
          .append(" | ").append(e == null ? "—" : ms(e.medianMs()) + " / " + ms(e.p99Ms()))
          .append(" | ").append(s == null ? "—" : ms(s.medianMs()) + " / " + ms(s.p99Ms()))
          .append(" | ").append(e == null ? "—" : bytes(e.stateMemoryBytes()))
          .append(" | ").append(s == null ? "—" : bytes(s.stateMemoryBytes()))
          .append(" | ").append(e == null ? "—" : bytes(e.peakRssBytes()))
          .append(" | ").append(s == null ? "—" : bytes(s.peakRssBytes()))
          .append(" | ").append(e == null ? "—" : ms(e.firstBatchMs()))
          .append(" / ").append(s == null ? "—" : ms(s.firstBatchMs()))
          .append(" | ").append(e != null ? e.runs() : s.runs())
          .append(" | ").append(r.answer()).append(" |\n");
    }
    return b.toString();
  }

  /**
   * The baseline table: the loop's rows/s per key count and each engine's W1 (memory backend) rows/s
   * as a fraction of it.
   */
  static String baseline(Map<Long, Double> loop, List<ComparisonRow> rows) {
    StringBuilder b = new StringBuilder("| K | raw loop, one core | Eddy W1 memory | Eddy ÷ loop | Spark W1 memory | Spark ÷ loop |\n");
    b.append("|---|---|---|---|---|---|\n");
    loop.forEach((keys, perSecond) -> {
      ComparisonRow r = rows.stream().filter(x -> x.spec().workload().equals("W1") && x.spec().keys() == keys
          && x.spec().backend().equals("memory")).findFirst().orElse(null);
      EngineFigures e = r == null ? null : r.eddy();
      EngineFigures s = r == null ? null : r.spark();
      b.append(String.format(Locale.ROOT, "| %,d | %s | %s | %s | %s | %s |%n", keys, rate(perSecond),
          e == null ? "—" : rate(e.rowsPerSecond()), e == null ? "—" : percent(e.rowsPerSecond() / perSecond),
          s == null ? "—" : rate(s.rowsPerSecond()), s == null ? "—" : percent(s.rowsPerSecond() / perSecond)));
    });
    return b.toString();
  }

  static String rate(double perSecond) {
    if (perSecond >= 1e6) {
      return String.format(Locale.ROOT, "%.2f M", perSecond / 1e6);
    }
    return perSecond >= 1e3 ? String.format(Locale.ROOT, "%.1f K", perSecond / 1e3)
        : String.format(Locale.ROOT, "%.0f", perSecond);
  }

  private static String ms(double ms) {
    if (ms >= 1000) {
      return String.format(Locale.ROOT, "%.2f s", ms / 1000);
    }
    return String.format(Locale.ROOT, ms >= 100 ? "%.0f ms" : "%.1f ms", ms);
  }

  static String bytes(double b) {
    if (b < 0) {
      return "—";
    }
    if (b >= 1L << 30) {
      return String.format(Locale.ROOT, "%.2f GiB", b / (1L << 30));
    }
    return b >= 1e6 ? String.format(Locale.ROOT, "%.1f MB", b / 1e6) : String.format(Locale.ROOT, "%.0f KB", b / 1e3);
  }

  private static String percent(double fraction) {
    return String.format(Locale.ROOT, "%.1f%%", fraction * 100);
  }
}
