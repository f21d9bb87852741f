package dev.eddy.internal.sink;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Renders rows as the text table of Spark's {@code Dataset.show}: a {@code +---+} rule, the
 * header, a rule, at most {@code numRows} rows, a rule, and {@code only showing top N rows} when
 * rows were left out. Columns are at least 3 characters wide; characters of East Asian scripts
 * count as two. With {@code truncate}, cells longer than 20 characters are cut to 17 and {@code
 * ...} and cells are right-aligned; without it they are shown whole and left-aligned.
 */
public final class TableFormatter {
  private static final int TRUNCATE_AT = 20;
  private static final int MIN_WIDTH = 3;

  private TableFormatter() {}

  /**
   * The table of {@code rows} (values in {@code columns} order), ending with a line break.
   *
   * @param numRows the most rows to show; at least 1
   */
  public static String format(List<String> columns, List<Object[]> rows, int numRows, boolean truncate) {
    if (numRows < 1) {
      throw new IllegalArgumentException("numRows must be at least 1, got " + numRows);
    }
    List<String[]> lines = new ArrayList<>();
    lines.add(columns.toArray(new String[0]));
    int shown = Math.min(numRows, rows.size());
    for (int r = 0; r < shown; r++) {
      Object[] row = rows.get(r);
      String[] cells = new String[columns.size()];
      for (int c = 0; c < cells.length; c++) {
        cells[c] = cut(CellText.of(c < row.length ? row[c] : null), truncate);
      }
      lines.add(cells);
    }
    int[] widths = new int[columns.size()];
    Arrays.fill(widths, MIN_WIDTH);
    for (String[] line : lines) {
      for (int c = 0; c < widths.length; c++) {
        widths[c] = Math.max(widths[c], displayWidth(line[c]));
      }
    }
    StringBuilder sb = new StringBuilder();
    rule(sb, widths);
    for (int i = 0; i < lines.size(); i++) {
      String[] line = lines.get(i);
      sb.append('|');
      for (int c = 0; c < widths.length; c++) {
        String pad = " ".repeat(widths[c] - displayWidth(line[c]));
        sb.append(truncate ? pad + line[c] : line[c] + pad).append('|');
      }
      sb.append('\n');
      if (i == 0) {
        rule(sb, widths);
      }
    }
    rule(sb, widths);
    if (rows.size() > numRows) {
      sb.append("only showing top ").append(numRows).append(numRows == 1 ? " row\n" : " rows\n");
    }
    return sb.toString();
  }

  private static String cut(String cell, boolean truncate) {
    if (!truncate || cell.length() <= TRUNCATE_AT) {
      return cell;
    }
    return cell.substring(0, TRUNCATE_AT - 3) + "...";
  }

  private static void rule(StringBuilder sb, int[] widths) {
    sb.append('+');
    for (int w : widths) {
      sb.append("-".repeat(w)).append('+');
    }
    sb.append('\n');
  }

  /** Width on a terminal: one per UTF-16 unit, two for full-width East Asian characters. */
  static int displayWidth(String s) {
    int width = s.length();
    for (int i = 0; i < s.length(); i++) {
      if (isFullWidth(s.charAt(i))) {
        width++;
      }
    }
    return width;
  }

  private static boolean isFullWidth(char ch) {
    return (ch >= '\u1100' && ch <= '\u115F')
        || (ch >= '\u2E80' && ch <= '\uA4CF')
        || (ch >= '\uAC00' && ch <= '\uD7A3')
        || (ch >= '\uF900' && ch <= '\uFAFF')
        || (ch >= '\uFE10' && ch <= '\uFE19')
        || (ch >= '\uFE30' && ch <= '\uFE6F')
        || (ch >= '\uFF00' && ch <= '\uFF60')
        || (ch >= '\uFFE0' && ch <= '\uFFE6');
  }
}
