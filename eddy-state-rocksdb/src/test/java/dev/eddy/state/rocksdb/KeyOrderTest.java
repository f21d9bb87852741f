package dev.eddy.state.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.RepeatedTest;
import org.junit.jupiter.api.RepetitionInfo;

/** {@link KeyOrder} agrees with a comparison sort by unsigned bytes. */
class KeyOrderTest {
  @RepeatedTest(20)
  void sortsLikeUnsignedComparison(RepetitionInfo info) {
    Random random = new Random(info.getCurrentRepetition());
    byte[][] keys = new byte[random.nextInt(3000)][];
    for (int i = 0; i < keys.length; i++) {
      // long keys in some repetitions, so that ties on eight bytes must be broken further on
      keys[i] = new byte[random.nextInt(info.getCurrentRepetition() % 2 == 0 ? 6 : 20)];
      for (int j = 0; j < keys[i].length; j++) {
        boolean narrow = random.nextBoolean() || (keys[i].length > 8 && j < 10);
        keys[i][j] = (byte) (narrow ? random.nextInt(2) : random.nextInt(256));
      }
    }
    byte[][] expected = keys.clone();
    Arrays.sort(expected, Arrays::compareUnsigned);
    int[] order = KeyOrder.sorted(keys);
    byte[][] actual = new byte[keys.length][];
    for (int i = 0; i < order.length; i++) {
      actual[i] = keys[order[i]];
    }
    assertThat(actual).isDeepEqualTo(expected);
  }
}
