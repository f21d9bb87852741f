package dev.eddy.streaming;

import java.util.UUID;

/**
 * Receives query lifecycle events of a session; register with {@link
 * StreamingQueryManager#addListener}. Events are delivered on the query's own thread, in order;
 * a listener that throws is logged and does not stop the query.
 *
 * <p>Thread safety: one listener receives the events of every query of the session, each on that
 * query's thread, so calls for different queries may arrive concurrently.
 */
public abstract class StreamingQueryListener {
  /** A query started. */
  public abstract void onQueryStarted(QueryStartedEvent event);

  /** A query completed a batch. */
  public abstract void onQueryProgress(QueryProgressEvent event);

  /** A query stopped, normally or with an error. */
  public abstract void onQueryTerminated(QueryTerminatedEvent event);

  /** A query's thread started. */
  public static final class QueryStartedEvent {
    private final UUID id;
    private final UUID runId;
    private final String name;

    public QueryStartedEvent(UUID id, UUID runId, String name) {
      this.id = id;
      this.runId = runId;
      this.name = name;
    }

    public UUID id() {
      return id;
    }

    public UUID runId() {
      return runId;
    }

    public String name() {
      return name;
    }
  }

  /** A batch completed. */
  public static final class QueryProgressEvent {
    private final StreamingQueryProgress progress;

    public QueryProgressEvent(StreamingQueryProgress progress) {
      this.progress = progress;
    }

    public StreamingQueryProgress progress() {
      return progress;
    }
  }

  /** A query stopped; {@link #exception()} is its error message, or null. */
  public static final class QueryTerminatedEvent {
    private final UUID id;
    private final UUID runId;
    private final String exception;

    public QueryTerminatedEvent(UUID id, UUID runId, String exception) {
      this.id = id;
      this.runId = runId;
      this.exception = exception;
    }

    public UUID id() {
      return id;
    }

    public UUID runId() {
      return runId;
    }

    public String exception() {
      return exception;
    }
  }
}
