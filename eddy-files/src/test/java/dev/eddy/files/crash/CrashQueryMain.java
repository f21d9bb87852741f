package dev.eddy.files.crash;

import dev.eddy.EddySession;
import dev.eddy.Encoders;
import dev.eddy.streaming.GroupState;
import dev.eddy.streaming.GroupStateTimeout;
import dev.eddy.streaming.StreamingQuery;
import dev.eddy.streaming.Trigger;
import java.util.Iterator;

/**
 * The child process of {@link CrashRecoveryTest}: a stateful file-to-file query (json files of
 * clicks → per-user running count → json files) on a checkpoint, run until every input file is
 * processed. The test kills it with SIGKILL at random moments and starts it again.
 *
 * <p>Arguments: input dir, output dir, checkpoint dir, state store backend.
 */
public final class CrashQueryMain {
  /** One input row. */
  public record Click(String user, long seq) {}

  /** The state of one user. */
  public record Tally(long clicks, long lastSeq) {}

  /** One output row. */
  public record UserTotal(String user, long clicks, long lastSeq) {}

  private CrashQueryMain() {}

  public static void main(String[] args) throws Exception {
    try (EddySession eddy = EddySession.builder().appName("crash-child")
        .config("eddy.sql.shuffle.partitions", 3)
        .config("eddy.sql.streaming.stateStore.providerClass", args[3])
        .config("eddy.sql.streaming.stateStore.minDeltasForSnapshot", 2)
        .config("eddy.sql.streaming.minBatchesToRetain", 4)
        .config("eddy.sql.streaming.stateStore.maintenanceInterval", 5)
        .getOrCreate()) {
      StreamingQuery q = eddy.readStream().format("json").schema(Encoders.bean(Click.class))
          .option("maxFilesPerTrigger", 1)
          .load(args[0])
          .as(Encoders.bean(Click.class))
          .groupByKey(Click::user, Encoders.STRING())
          .mapGroupsWithState(
              (String user, Iterator<Click> clicks, GroupState<Tally> state) -> {
                Tally t = state.getOption().orElse(new Tally(0, -1));
                long n = t.clicks();
                long last = t.lastSeq();
                while (clicks.hasNext()) {
                  Click c = clicks.next();
                  n++;
                  last = Math.max(last, c.seq());
                }
                state.update(new Tally(n, last));
                return new UserTotal(user, n, last);
              },
              Encoders.bean(Tally.class), Encoders.bean(UserTotal.class), GroupStateTimeout.NoTimeout())
          .writeStream().format("json").option("path", args[1])
          .option("checkpointLocation", args[2])
          .outputMode("update")
          .trigger(Trigger.AvailableNow())
          .start();
      q.awaitTermination();
    }
  }
}
