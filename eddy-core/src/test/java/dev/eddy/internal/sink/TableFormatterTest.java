package dev.eddy.internal.sink;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class TableFormatterTest {
  private static final List<String> CLICKS = List.of("userId", "totalClicks");

  @Test
  void rightAlignsWhenTruncating() {
    assertThat(TableFormatter.format(CLICKS, List.<Object[]>of(new Object[] {101, 5L}), 20, true)).isEqualTo(
        "+------+-----------+\n"
            + "|userId|totalClicks|\n"
            + "+------+-----------+\n"
            + "|   101|          5|\n"
            + "+------+-----------+\n");
  }

  @Test
  void leftAlignsWhenNotTruncating() {
    assertThat(TableFormatter.format(CLICKS, List.<Object[]>of(new Object[] {101, 5L}), 20, false)).isEqualTo(
        "+------+-----------+\n"
            + "|userId|totalClicks|\n"
            + "+------+-----------+\n"
            + "|101   |5          |\n"
            + "+------+-----------+\n");
  }

  @Test
  void cutsLongCellsToSeventeenCharactersAndDots() {
    List<Object[]> rows = List.<Object[]>of(new Object[] {"abcdefghijklmnopqrstuvwxyz"}, new Object[] {"exactly twenty chars"});
    assertThat(TableFormatter.format(List.of("s"), rows, 20, true)).isEqualTo(
        "+--------------------+\n"
            + "|                   s|\n"
            + "+--------------------+\n"
            + "|abcdefghijklmnopq...|\n"
            + "|exactly twenty chars|\n"
            + "+--------------------+\n");
    assertThat(TableFormatter.format(List.of("s"), rows, 20, false)).isEqualTo(
        "+--------------------------+\n"
            + "|s                         |\n"
            + "+--------------------------+\n"
            + "|abcdefghijklmnopqrstuvwxyz|\n"
            + "|exactly twenty chars      |\n"
            + "+--------------------------+\n");
  }

  @Test
  void saysHowManyRowsItShowsWhenSomeAreLeftOut() {
    List<Object[]> rows = List.of(new Object[] {1}, new Object[] {2}, new Object[] {3});
    assertThat(TableFormatter.format(List.of("n"), rows, 2, true)).isEqualTo(
        "+---+\n"
            + "|  n|\n"
            + "+---+\n"
            + "|  1|\n"
            + "|  2|\n"
            + "+---+\n"
            + "only showing top 2 rows\n");
    assertThat(TableFormatter.format(List.of("n"), rows, 1, true)).endsWith("|  1|\n+---+\nonly showing top 1 row\n");
    assertThat(TableFormatter.format(List.of("n"), rows, 3, true)).doesNotContain("only showing");
  }

  @Test
  void emptyTableShowsTheHeader() {
    assertThat(TableFormatter.format(List.of("a", "bb"), List.of(), 20, true)).isEqualTo(
        "+---+---+\n"
            + "|  a| bb|\n"
            + "+---+---+\n"
            + "+---+---+\n");
  }

  @Test
  void nullIsShownAsSparkFourDoes() {
    assertThat(TableFormatter.format(List.of("name"), List.<Object[]>of(new Object[] {null}), 20, true)).isEqualTo(
        "+----+\n"
            + "|name|\n"
            + "+----+\n"
            + "|NULL|\n"
            + "+----+\n");
  }

  @Test
  void fullWidthCharactersCountTwice() {
    assertThat(TableFormatter.format(List.of("city"), List.<Object[]>of(new Object[] {"東京"}), 20, true)).isEqualTo(
        "+----+\n"
            + "|city|\n"
            + "+----+\n"
            + "|東京|\n"
            + "+----+\n");
  }

  @Test
  void numRowsMustBePositive() {
    assertThatThrownBy(() -> TableFormatter.format(List.of("n"), List.of(), 0, true)).hasMessageContaining("numRows");
  }
}
