package dev.eddy.bench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Draws rows/s per workload for both engines as an SVG bar chart on a logarithmic axis (the
 * engines differ by orders of magnitude). W4 is left out: its figure is a time, not a rate.
 */
final class SvgChart {
  private static final int LEFT = 250;
  private static final int PLOT = 560;
  private static final int ROW = 44;
  private static final int TOP = 50;
  private static final String EDDY_COLOR = "#1f77b4";
  private static final String SPARK_COLOR = "#ff7f0e";

  private SvgChart() {}

  /** Writes the chart of {@code rows} to {@code file}, with {@code title} above it. */
  static void write(Path file, String title, List<ComparisonRow> rows) throws IOException {
    List<ComparisonRow> rated = rows.stream().filter(r -> !r.spec().workload().equals("W4")).toList();
    double min = Double.MAX_VALUE;
    double max = 1;
    for (ComparisonRow r : rated) {
      for (EngineFigures f : new EngineFigures[] {r.eddy(), r.spark()}) {
        if (f != null && f.rowsPerSecond() > 0) {
          min = Math.min(min, f.rowsPerSecond());
          max = Math.max(max, f.rowsPerSecond());
        }
      }
    }
    int lo = (int) Math.floor(Math.log10(Math.min(min, max)));
    int hi = Math.max(lo + 1, (int) Math.ceil(Math.log10(max)));
    int height = TOP + rated.size() * ROW + 40;
    StringBuilder s = new StringBuilder();
    s.append(String.format(Locale.ROOT,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" font-family=\"sans-serif\" font-size=\"12\">%n",
        LEFT + PLOT + 90, height));
    s.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n");
    s.append(text(10, 20, escape(title), "font-size=\"14\" font-weight=\"bold\""));
    s.append(legend(LEFT, 36, EDDY_COLOR, "Eddy")).append(legend(LEFT + 80, 36, SPARK_COLOR, "Apache Spark"));
    for (int d = lo; d <= hi; d++) {
      double x = LEFT + (double) (d - lo) / (hi - lo) * PLOT;
      s.append(String.format(Locale.ROOT, "<line x1=\"%.1f\" y1=\"%d\" x2=\"%.1f\" y2=\"%d\" stroke=\"#ddd\"/>%n",
          x, TOP - 4, x, height - 36));
      s.append(text(x - 12, height - 20, decade(d), ""));
    }
    for (int i = 0; i < rated.size(); i++) {
      ComparisonRow r = rated.get(i);
      int y = TOP + i * ROW;
      s.append(text(10, y + 17, escape(r.spec().label()), ""));
      if (!Double.isNaN(r.speedup())) {
        s.append(text(10, y + 33, String.format(Locale.ROOT, "Eddy ÷ Spark: %.1f×", r.speedup()), "fill=\"#555\""));
      }
      s.append(bar(y + 4, r.eddy(), EDDY_COLOR, lo, hi)).append(bar(y + 22, r.spark(), SPARK_COLOR, lo, hi));
    }
    s.append("</svg>\n");
    Files.createDirectories(file.toAbsolutePath().getParent());
    Files.writeString(file, s, StandardCharsets.UTF_8);
  }

  private static String bar(int y, EngineFigures f, String color, int lo, int hi) {
    if (f == null || f.rowsPerSecond() <= 0) {
      return "";
    }
    double w = Math.max(1, (Math.log10(f.rowsPerSecond()) - lo) / (hi - lo) * PLOT);
    return String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"%.1f\" height=\"16\" fill=\"%s\"/>%n",
        LEFT, y, w, color) + text(LEFT + w + 4, y + 13, ComparisonTable.rate(f.rowsPerSecond()), "");
  }

  private static String decade(int d) {
    String[] units = {"", " K", " M", " G"};
    int unit = Math.min(3, Math.max(0, d / 3));
    return (long) Math.pow(10, d - 3 * unit) + units[unit] + "/s";
  }

  private static String legend(int x, int y, String color, String name) {
    return String.format(Locale.ROOT, "<rect x=\"%d\" y=\"%d\" width=\"12\" height=\"12\" fill=\"%s\"/>%n", x, y - 10, color)
        + text(x + 16, y, name, "");
  }

  private static String text(double x, double y, String body, String attrs) {
    return String.format(Locale.ROOT, "<text x=\"%.1f\" y=\"%.1f\" %s>%s</text>%n", x, y, attrs, body);
  }

  private static String escape(String s) {
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
  }
}
