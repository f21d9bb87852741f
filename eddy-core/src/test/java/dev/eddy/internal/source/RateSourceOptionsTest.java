package dev.eddy.internal.source;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.eddy.Encoders;
import dev.eddy.spi.Options;
import dev.eddy.spi.SourceContext;
import java.util.Map;
import org.junit.jupiter.api.Test;

class RateSourceOptionsTest {
  private final SourceContext context = new SourceContext(new ManualClock(0), null);

  private static Options rate(Map<String, String> opts) {
    return new Options("rate", opts);
  }

  private static long rampUp(String text) {
    return RateSourceProvider.rampUpSeconds(rate(Map.of("rampUpTime", text)));
  }

  @Test
  void rampUpTimeAcceptsSecondsSuffixesAndIntervals() {
    assertThat(rampUp("5")).isEqualTo(5);
    assertThat(rampUp("5s")).isEqualTo(5);
    assertThat(rampUp(" 5 S ")).isEqualTo(5);
    assertThat(rampUp("2min")).isEqualTo(120);
    assertThat(rampUp("1500ms")).isEqualTo(1);
    assertThat(rampUp("5 seconds")).isEqualTo(5);
    assertThat(rampUp("1 minute 30 seconds")).isEqualTo(90);
    assertThat(RateSourceProvider.rampUpSeconds(rate(Map.of()))).isZero();
  }

  @Test
  void malformedRampUpTimeIsNamed() {
    assertThatThrownBy(() -> rampUp("soon"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("rampUpTime")
        .hasMessageContaining("soon");
    assertThatThrownBy(() -> rampUp("-3s")).hasMessageContaining("rampUpTime").hasMessageContaining("negative");
  }

  @Test
  void unknownOptionIsNamed() {
    assertThatThrownBy(() -> new RateSourceProvider().createSource(context, rate(Map.of("rowsPerSec", "5"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("rowspersec")
        .hasMessageContaining("rate");
  }

  @Test
  void malformedNumberIsNamed() {
    assertThatThrownBy(() -> new RateSourceProvider().createSource(context, rate(Map.of("rowsPerSecond", "ten"))))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("rowsPerSecond")
        .hasMessageContaining("ten");
  }

  @Test
  void nonPositiveRatesAndPartitionsAreRejected() {
    assertThatThrownBy(() -> new RateSourceProvider().createSource(context, rate(Map.of("rowsPerSecond", "0"))))
        .hasMessageContaining("rowsPerSecond");
    assertThatThrownBy(() -> new RateSourceProvider().createSource(context, rate(Map.of("numPartitions", "0"))))
        .hasMessageContaining("numPartitions");
    assertThatThrownBy(() -> new RateSourceProvider().createSource(context, rate(Map.of("numPartitions", "3000000000"))))
        .hasMessageContaining("numPartitions");
  }

  @Test
  void overflowingRampUpIsRejected() {
    assertThatThrownBy(() -> new RateSourceProvider().createSource(
            context, rate(Map.of("rowsPerSecond", "9000000000000", "rampUpTime", "5000000"))))
        .hasMessageContaining("rampUpTime");
  }

  @Test
  void optionKeysAreCaseInsensitive() {
    assertThat(new RateSourceProvider().createSource(context, rate(Map.of("ROWSPERSECOND", "3", "RampUpTime", "1s"))))
        .isNotNull();
  }

  @Test
  void bothFormatsProduceRows() {
    assertThat(new RateSourceProvider().schema(rate(Map.of()))).isEqualTo(Encoders.row());
    assertThat(new RateMicroBatchSourceProvider().schema(rate(Map.of()))).isEqualTo(Encoders.row());
    assertThat(new RateSourceProvider().shortName()).isEqualTo("rate");
    assertThat(new RateMicroBatchSourceProvider().shortName()).isEqualTo("rate-micro-batch");
  }
}
