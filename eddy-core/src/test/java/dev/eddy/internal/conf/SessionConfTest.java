package dev.eddy.internal.conf;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Map;
import org.junit.jupiter.api.Test;

/** Numeric settings: counts are plain integers, durations may carry "ms". */
class SessionConfTest {
  @Test
  void durationsAcceptMillisecondsWithOrWithoutUnit() {
    SessionConf conf = new SessionConf(Map.of(
        SessionConf.POLLING_DELAY, "25ms", SessionConf.MAINTENANCE_INTERVAL, "700"));
    assertThat(conf.pollingDelayMs()).isEqualTo(25);
    assertThat(conf.maintenanceIntervalMs()).isEqualTo(700);
  }

  @Test
  void countsRejectAUnitNamingTheSetting() {
    assertThatThrownBy(() -> new SessionConf(Map.of(SessionConf.SHUFFLE_PARTITIONS, "4ms")))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(SessionConf.SHUFFLE_PARTITIONS)
        .hasMessageContaining("'4ms'");
  }
}
