package dev.eddy.bench;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class KeySampleTest {
  @Test
  void expectsEachSampledKeyToCountItsShareOfTheRows() {
    KeySample.start(1000, 1500, 2);

    assertThat(KeySample.expected()).isEqualTo("0=3,1=3,500=3,999=3");
  }

  @Test
  void keepsTheCountOfTheLastMeasuredBatchAndIgnoresLaterOnes() {
    KeySample.start(4, 3, 2);
    KeySample.record("0", 1);
    KeySample.record("0", 2);
    KeySample.record("0", 3);
    KeySample.record("1", 2);
    KeySample.record("3", 1);

    assertThat(KeySample.expected()).isEqualTo("0=2,1=2,2=1,3=1");
    assertThat(KeySample.counts()).isEqualTo("0=2,1=2,2=0,3=1");
  }
}
