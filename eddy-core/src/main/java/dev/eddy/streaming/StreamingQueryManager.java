package dev.eddy.streaming;

import dev.eddy.internal.ApiAccess;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The queries of one session and the listeners that observe them.
 *
 * <p>Thread safety: all methods may be called from any thread.
 */
public final class StreamingQueryManager {
  private final List<StreamingQuery> queries = new CopyOnWriteArrayList<>();
  private final List<StreamingQueryListener> listeners = new CopyOnWriteArrayList<>();
  private final Object terminationLock = new Object();

  /** The queries that are running. */
  public StreamingQuery[] active() {
    List<StreamingQuery> out = new ArrayList<>();
    for (StreamingQuery q : queries) {
      if (q.isActive()) {
        out.add(q);
      }
    }
    return out.toArray(new StreamingQuery[0]);
  }

  /** The running query with this id, or null. */
  public StreamingQuery get(UUID id) {
    for (StreamingQuery q : active()) {
      if (q.id().equals(id)) {
        return q;
      }
    }
    return null;
  }

  /** Registers a listener for every query of the session. */
  public void addListener(StreamingQueryListener listener) {
    listeners.add(listener);
  }

  /** Unregisters a listener. */
  public void removeListener(StreamingQueryListener listener) {
    listeners.remove(listener);
  }

  /** The registered listeners. */
  public StreamingQueryListener[] listListeners() {
    return listeners.toArray(new StreamingQueryListener[0]);
  }

  /**
   * Waits until any query of the session has stopped.
   *
   * @throws StreamingQueryException when it stopped with an error
   */
  public void awaitAnyTermination() throws StreamingQueryException, InterruptedException {
    while (true) {
      for (StreamingQuery q : queries) {
        if (!q.isActive()) {
          if (q.exception().isPresent()) {
            throw q.exception().get();
          }
          return;
        }
      }
      synchronized (terminationLock) {
        terminationLock.wait(100);
      }
    }
  }

  /** Stops every running query. */
  public void stopAll() {
    for (StreamingQuery q : queries) {
      q.stop();
    }
  }

  /** See {@link ApiAccess.QueryRegistry#register}. */
  private void register(StreamingQuery query) {
    if (query.name() != null) {
      for (StreamingQuery q : active()) {
        if (query.name().equals(q.name()) && q != query) {
          throw new IllegalArgumentException("Cannot start query with name '" + query.name() + "': a query with that name is already active");
        }
      }
    }
    queries.removeIf(q -> !q.isActive());
    queries.add(query);
  }

  private void notifyTerminated() {
    synchronized (terminationLock) {
      terminationLock.notifyAll();
    }
  }

  static {
    ApiAccess.register(new ApiAccess.QueryRegistry() {
      @Override
      public void register(StreamingQueryManager manager, StreamingQuery query) {
        manager.register(query);
      }

      @Override
      public void notifyTerminated(StreamingQueryManager manager) {
        manager.notifyTerminated();
      }
    });
  }
}
