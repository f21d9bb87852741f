package dev.eddy.streaming;

import java.util.Optional;
import java.util.UUID;

/**
 * A running streaming query: a handle to the thread that executes its micro-batches. Obtained
 * from {@link DataStreamWriter#start()}.
 *
 * <p>Thread safety: all methods may be called from any thread.
 */
public interface StreamingQuery {
  /** The query id, the same across restarts from one checkpoint. */
  UUID id();

  /** The id of this run; new at every start. */
  UUID runId();

  /** The name given with {@code queryName}, or null. */
  String name();

  /** Whether the query is running. */
  boolean isActive();

  /**
   * Waits until the query stops.
   *
   * @throws StreamingQueryException when it stopped because of an error
   */
  void awaitTermination() throws StreamingQueryException;

  /**
   * Waits at most {@code timeoutMs} for the query to stop; returns whether it did.
   *
   * @throws StreamingQueryException when it stopped because of an error
   */
  boolean awaitTermination(long timeoutMs) throws StreamingQueryException;

  /** Stops the query and waits for its thread to end; no effect when already stopped. */
  void stop();

  /**
   * Blocks until every row available in the sources when called has been processed, together
   * with the no-data batches that follow it. Meant for tests.
   *
   * @throws StreamingQueryException when the query fails meanwhile
   */
  void processAllAvailable() throws StreamingQueryException;

  /** The progress of the last completed batch, or null before the first. */
  StreamingQueryProgress lastProgress();

  /**
   * The progress of recent batches, oldest first: at most {@code
   * eddy.sql.streaming.numRecentProgressUpdates} of them (default 100).
   */
  StreamingQueryProgress[] recentProgress();

  /** The error that stopped the query, if any. */
  Optional<StreamingQueryException> exception();

  /** Prints the query's plan to standard output. */
  void explain();

  /** Prints the query's plan, with details when {@code extended}. */
  void explain(boolean extended);

  /** The query's plan as text. */
  String explainString();
}
