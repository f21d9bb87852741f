package dev.eddy.internal;

import dev.eddy.Dataset;
import dev.eddy.EddySession;
import dev.eddy.internal.conf.SessionConf;
import dev.eddy.internal.plan.LogicalPlan;
import dev.eddy.spi.Clock;
import dev.eddy.streaming.StreamingQuery;
import dev.eddy.streaming.StreamingQueryManager;
import java.util.concurrent.ExecutorService;

/**
 * Lets the public API packages reach each other's non-public parts (a session's settings, a
 * dataset's plan, a query manager's registry) without putting them in public signatures: {@link
 * EddySession} registers a {@link Bridge} and {@link StreamingQueryManager} a {@link QueryRegistry}
 * when their classes initialise.
 */
public final class ApiAccess {
  private static volatile Bridge bridge;
  private static volatile QueryRegistry queries;

  private ApiAccess() {}

  /** What the API packages need of each other. */
  public interface Bridge {
    SessionConf conf(EddySession session);

    Clock clock(EddySession session);

    ExecutorService workers(EddySession session);

    LogicalPlan plan(Dataset<?> dataset);

    EddySession session(Dataset<?> dataset);

    <T> Dataset<T> dataset(EddySession session, LogicalPlan plan);
  }

  /** What the engine needs of a session's {@link StreamingQueryManager}. */
  public interface QueryRegistry {
    /**
     * Registers a started query.
     *
     * @throws IllegalArgumentException when a running query already has the same name
     */
    void register(StreamingQueryManager manager, StreamingQuery query);

    /** Wakes {@link StreamingQueryManager#awaitAnyTermination()}: a query stopped. */
    void notifyTerminated(StreamingQueryManager manager);
  }

  /** Called once by {@link StreamingQueryManager}. */
  public static void register(QueryRegistry q) {
    queries = q;
  }

  /** The registry; set once a {@link StreamingQueryManager} exists, which any caller holds. */
  public static QueryRegistry queries() {
    return queries;
  }

  /** Called once by {@link EddySession}. */
  public static void register(Bridge b) {
    bridge = b;
  }

  /** The bridge; initialises {@link EddySession} first if needed. */
  public static Bridge get() {
    if (bridge == null) {
      try {
        Class.forName(EddySession.class.getName(), true, EddySession.class.getClassLoader());
      } catch (ClassNotFoundException e) {
        throw new IllegalStateException(e);
      }
    }
    return bridge;
  }
}
