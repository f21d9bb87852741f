package dev.eddy.spi;

import java.util.List;

/**
 * Receives each batch's output. {@link #addBatch} must be idempotent by batch id: after a crash the
 * last batch may be handed over again, and a sink that already has it must ignore it (SEMANTICS
 * C2).
 *
 * <p>Thread safety: called from the query thread only.
 */
public interface Sink<T> {
  /** Takes the output rows of batch {@code batchId}. */
  void addBatch(long batchId, List<T> rows) throws Exception;

  /** Releases resources; the sink is not used afterwards. */
  default void stop() {}
}
