package dev.eddy.testkit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.eddy.Dataset;
import dev.eddy.Encoders;
import dev.eddy.streaming.GroupState;
import dev.eddy.streaming.GroupStateTimeout;
import dev.eddy.testkit.conformance.Event;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Issue 2 item 8, the tutorial's "common mistake": an operator without timeouts whose state grows
 * batch after batch with nothing removed is reported in progress ({@code stateGrowthBatches}) and
 * warned about once.
 */
class StateGrowthWarningTest {
  public record Count(String key, long count) {}

  /** Counts per key; a row with v = -1 removes its key. */
  private static StreamDriver<Event, Count> counting(GroupStateTimeout timeout) {
    return StreamDriver.of(Encoders.bean(Event.class), (Dataset<Event> events) ->
            events.groupByKey(Event::key, Encoders.STRING()).mapGroupsWithState(
                (String key, Iterator<Event> rows, GroupState<Long> s) -> {
                  long c = s.getOption().orElse(0L);
                  boolean remove = false;
                  while (rows.hasNext()) {
                    remove |= rows.next().v() == -1;
                    c++;
                  }
                  if (remove) {
                    s.remove();
                  } else {
                    s.update(c);
                  }
                  return new Count(key, c);
                },
                Encoders.LONG(), Encoders.bean(Count.class), timeout))
        .outputMode("update").config("eddy.sql.streaming.stateGrowthWarningBatches", 3);
  }

  private static long growth(StreamDriver<?, ?> d) {
    return d.query().lastProgress().stateOperators()[0].customMetrics().get("stateGrowthBatches");
  }

  @Test
  void growthCountsUpBatchAfterBatchAndAWarningIsLoggedOnce() throws Exception {
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    PrintStream original = System.err;
    List<Long> seen = new ArrayList<>();
    System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
    try (StreamDriver<Event, Count> d = counting(GroupStateTimeout.NoTimeout()).start()) {
      for (int batch = 0; batch < 6; batch++) {
        d.addData(new Event("k" + batch, 1, 1)).processAllAvailable();
        seen.add(growth(d));
      }
    } finally {
      System.setErr(original);
    }
    assertThat(seen).containsExactly(0L, 1L, 2L, 3L, 4L, 5L);
    String log = err.toString(StandardCharsets.UTF_8);
    assertThat(log).contains("mapGroupsWithState at StateGrowthWarningTest").contains("timeout");
    assertThat(log.split("has no timeout and its state grew", -1)).hasSize(2); // exactly one warning
  }

  @Test
  void aRemovalResetsTheGrowthCount() throws Exception {
    try (StreamDriver<Event, Count> d = counting(GroupStateTimeout.NoTimeout()).start()) {
      d.addData(new Event("a", 1, 1)).processAllAvailable();
      d.addData(new Event("b", 1, 1)).processAllAvailable();
      d.addData(new Event("c", 1, 1)).processAllAvailable();
      assertThat(growth(d)).isEqualTo(2);
      d.addData(new Event("a", 1, -1), new Event("d", 1, 1)).processAllAvailable();
      assertThat(growth(d)).isZero();
      d.addData(new Event("e", 1, 1)).processAllAvailable();
      assertThat(growth(d)).isEqualTo(1);
    }
  }

  @Test
  void operatorsWithTimeoutsAreNotCounted() throws Exception {
    try (StreamDriver<Event, Count> d = counting(GroupStateTimeout.ProcessingTimeTimeout()).start()) {
      for (int batch = 0; batch < 5; batch++) {
        d.addData(new Event("k" + batch, 1, 1)).processAllAvailable();
      }
      assertThat(growth(d)).isZero();
    }
  }
}
