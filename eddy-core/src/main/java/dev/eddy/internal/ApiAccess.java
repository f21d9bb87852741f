package dev.eddy.internal;

import dev.eddy.Dataset;
import dev.eddy.EddySession;
import dev.eddy.internal.conf.SessionConf;
import dev.eddy.internal.plan.LogicalPlan;
import dev.eddy.spi.Clock;
import java.util.concurrent.ExecutorService;

/**
 * Lets the public API packages reach each other's non-public parts (a session's settings, a
 * dataset's plan) without putting them in public signatures: {@link EddySession} registers a
 * {@link Bridge} when its class initialises.
 */
public final class ApiAccess {
  private static volatile Bridge bridge;

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
