package dev.eddy.internal.sink;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.sql.Timestamp;
import org.junit.jupiter.api.Test;

class CellTextTest {
  @Test
  void timestampsShowTheFractionOnlyWhenThereIsOne() {
    assertThat(CellText.of(Timestamp.valueOf("2024-01-01 00:00:00"))).isEqualTo("2024-01-01 00:00:00");
    assertThat(CellText.of(Timestamp.valueOf("2024-01-01 00:00:00.5"))).isEqualTo("2024-01-01 00:00:00.5");
    assertThat(CellText.of(Timestamp.valueOf("2024-01-01 12:34:56.123"))).isEqualTo("2024-01-01 12:34:56.123");
    assertThat(CellText.of(Timestamp.valueOf("2024-01-01 12:34:56.000120"))).isEqualTo("2024-01-01 12:34:56.00012");
  }

  @Test
  void otherValues() {
    assertThat(CellText.of(null)).isEqualTo("NULL");
    assertThat(CellText.of(new BigDecimal("1E+3"))).isEqualTo("1000");
    assertThat(CellText.of(new byte[] {10, -1})).isEqualTo("[0A FF]");
    assertThat(CellText.of(2.5)).isEqualTo("2.5");
    assertThat(CellText.of(true)).isEqualTo("true");
  }
}
