package dev.eddy.files.internal;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import org.junit.jupiter.api.Test;

class FieldConverterTest {
  private static final Instant NOON = Instant.parse("2024-03-01T12:00:00Z");

  @Test
  void timestampsFromIsoTextOrEpochMillis() {
    assertThat(FieldConverter.convert("2024-03-01T12:00:00Z", Instant.class)).isEqualTo(NOON);
    assertThat(FieldConverter.convert("2024-03-01T13:00:00+01:00", Instant.class)).isEqualTo(NOON);
    assertThat(FieldConverter.convert("2024-03-01 12:00:00", Timestamp.class)).isEqualTo(Timestamp.from(NOON));
    assertThat(FieldConverter.convert("2024-03-01T12:00:00.250", Instant.class))
        .isEqualTo(NOON.plus(250, ChronoUnit.MILLIS));
    assertThat(FieldConverter.convert("2024-03-01", Instant.class)).isEqualTo(NOON.minus(12, ChronoUnit.HOURS));
    assertThat(FieldConverter.convert(Long.toString(NOON.toEpochMilli()), Timestamp.class))
        .isEqualTo(Timestamp.from(NOON));
    assertThat(FieldConverter.convert(ValueText.of(Timestamp.from(NOON)), Timestamp.class))
        .isEqualTo(Timestamp.from(NOON));
  }

  @Test
  void numbersBooleansAndEnums() {
    assertThat(FieldConverter.convert(" 42 ", int.class)).isEqualTo(42);
    assertThat(FieldConverter.convert("1.5", double.class)).isEqualTo(1.5);
    assertThat(FieldConverter.convert("TRUE", Boolean.class)).isEqualTo(true);
    assertThat(FieldConverter.convert("1.10", BigDecimal.class)).isEqualTo(new BigDecimal("1.10"));
    assertThat(FieldConverter.convert("DAYS", ChronoUnit.class)).isEqualTo(ChronoUnit.DAYS);
    assertThat(FieldConverter.convert(null, long.class)).isNull();
  }

  @Test
  void badTextIsRejectedQuotingIt() {
    assertThatThrownBy(() -> FieldConverter.convert("12x", long.class)).hasMessageContaining("'12x'")
        .hasMessageContaining("long");
    assertThatThrownBy(() -> FieldConverter.convert("yes", boolean.class)).hasMessageContaining("'yes'");
    assertThatThrownBy(() -> FieldConverter.convert("noon", Instant.class)).hasMessageContaining("'noon'");
  }

  @Test
  void sparkTimeStringsForMaxFileAge() {
    assertThat(TimeStrings.parseMillis("maxFileAge", "json", "7d")).isEqualTo(7 * 86_400_000L);
    assertThat(TimeStrings.parseMillis("maxFileAge", "json", "90s")).isEqualTo(90_000L);
    assertThat(TimeStrings.parseMillis("maxFileAge", "json", "2 hours")).isEqualTo(7_200_000L);
    assertThat(TimeStrings.parseMillis("maxFileAge", "json", "500")).isEqualTo(500L);
    assertThatThrownBy(() -> TimeStrings.parseMillis("maxFileAge", "json", "soon"))
        .hasMessageContaining("'maxFileAge'").hasMessageContaining("soon");
  }
}
