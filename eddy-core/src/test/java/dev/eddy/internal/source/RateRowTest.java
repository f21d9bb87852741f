package dev.eddy.internal.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.sql.Timestamp;
import org.junit.jupiter.api.Test;

class RateRowTest {
  private final long millis = Timestamp.valueOf("2024-01-01 00:00:00").getTime();
  private final RateRow row = new RateRow(millis, 5);

  @Test
  void hasTimestampAndValueColumns() {
    assertThat(row.columns()).containsExactly("timestamp", "value");
    assertThat(row.length()).isEqualTo(2);
    assertThat(row.get(0)).isEqualTo(new Timestamp(millis));
    assertThat(row.get("value")).isEqualTo(5L);
    assertThat(row.getLong("value")).isEqualTo(5);
    assertThat(row.getLong(1)).isEqualTo(5);
    assertThat(row.getTimestamp("timestamp")).isEqualTo(Timestamp.valueOf("2024-01-01 00:00:00"));
    assertThat(row.<Long>getAs("value")).isEqualTo(5L);
  }

  @Test
  void printsLikeSpark() {
    assertThat(row.toString()).isEqualTo("[2024-01-01 00:00:00.0,5]");
  }

  @Test
  void equalByTimestampAndValue() {
    assertThat(row).isEqualTo(new RateRow(millis, 5)).hasSameHashCodeAs(new RateRow(millis, 5));
    assertThat(row).isNotEqualTo(new RateRow(millis, 6)).isNotEqualTo(new RateRow(millis + 1, 5));
  }

  @Test
  void wrongColumnsFail() {
    assertThatThrownBy(() -> row.get("id")).hasMessageContaining("id").hasMessageContaining("timestamp");
    assertThatThrownBy(() -> row.get(2)).isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> row.getLong(0)).isInstanceOf(ClassCastException.class);
  }
}
