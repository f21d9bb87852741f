package dev.eddy.examples;

import dev.eddy.Dataset;
import dev.eddy.EddySession;
import dev.eddy.Encoders;
import dev.eddy.streaming.GroupState;
import dev.eddy.streaming.GroupStateTimeout;
import dev.eddy.streaming.StreamingQuery;
import java.util.Iterator;

/**
 * The seed example: a live per-user click count. The {@code rate} source emits rows (timestamp,
 * value); each value becomes a click of user {@code value % users}, so users repeat and their
 * counts grow; {@code mapGroupsWithState} keeps each user's count across batches; the console
 * sink prints the users updated in each batch.
 *
 * <p>Run: {@code mvn -q -pl eddy-examples exec:java} (after {@code mvn -q -DskipTests install}).
 * Arguments: {@code [seconds=5] [rowsPerSecond=5] [users=3]}; Ctrl-C stops it early.
 */
public final class ClickCount {
  /** One click. */
  public record UserEvent(String userId, String action) {}

  /** What is kept per user between batches. */
  public record UserSessionState(int clickCount) {}

  /** One output row per updated user. */
  public record UserSessionOutput(String userId, int totalClicks) {}

  private ClickCount() {}

  public static void main(String[] args) throws Exception {
    long seconds = args.length > 0 ? Long.parseLong(args[0]) : 5;
    long rowsPerSecond = args.length > 1 ? Long.parseLong(args[1]) : 5;
    long users = args.length > 2 ? Long.parseLong(args[2]) : 3;

    EddySession eddy = EddySession.builder().appName("StatefulJava").getOrCreate();
    Dataset<UserEvent> events = eddy.readStream().format("rate").option("rowsPerSecond", rowsPerSecond).load()
        .map(r -> new UserEvent(Long.toString(100 + r.getLong("value") % users), "click"),
            Encoders.bean(UserEvent.class));

    Dataset<UserSessionOutput> sessions = events
        .groupByKey(UserEvent::userId, Encoders.STRING())
        .mapGroupsWithState(
            (String userId, Iterator<UserEvent> evs, GroupState<UserSessionState> state) -> {
              UserSessionState current = state.getOption().orElse(new UserSessionState(0));
              int n = 0;
              for (; evs.hasNext(); evs.next()) {
                n++;
              }
              int updated = current.clickCount() + n;
              state.update(new UserSessionState(updated));
              return new UserSessionOutput(userId, updated);
            },
            Encoders.bean(UserSessionState.class), Encoders.bean(UserSessionOutput.class),
            GroupStateTimeout.NoTimeout());

    StreamingQuery query = sessions.writeStream().format("console").outputMode("update").start();
    Runtime.getRuntime().addShutdownHook(new Thread(query::stop));
    query.awaitTermination(seconds * 1000);
    query.stop();
    eddy.close();
  }
}
