package dev.eddy.internal.checkpoint;

import java.util.Optional;
import java.util.UUID;

/**
 * The offset and commit logs of one query. A batch is planned by writing its {@link OffsetEntry},
 * and is done once its commit entry is written; a batch with offsets but no commit is re-executed
 * with exactly the logged offsets on restart. See {@code MicroBatchExecution} for the full
 * protocol.
 *
 * <p>Thread safety: used by the query thread only.
 */
public interface QueryCheckpoint extends AutoCloseable {
  /** The query id, created with the checkpoint. */
  UUID queryId();

  /** The offsets of {@code batchId}, if logged. */
  Optional<OffsetEntry> offsets(long batchId);

  /** The offsets of the newest logged batch. */
  Optional<OffsetEntry> latestOffsets();

  /** The newest committed batch id and the watermark it committed. */
  Optional<CommitEntry> latestCommit();

  /** Logs a batch's offsets, durably, before it runs. */
  void writeOffsets(OffsetEntry entry);

  /** Logs a batch as done, durably. */
  void writeCommit(CommitEntry entry);

  /** Releases locks and files. */
  @Override
  void close();

  /**
   * A committed batch.
   *
   * @param batchId the batch
   * @param nextWatermarkMs the global watermark after the batch
   */
  record CommitEntry(long batchId, long nextWatermarkMs) {}
}
