package dev.eddy.internal.checkpoint;

import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.UUID;

/**
 * The logs of a query started without a {@code checkpointLocation}: kept in memory, lost with the
 * process. Recent entries only are kept.
 */
public final class InMemoryCheckpoint implements QueryCheckpoint {
  private static final int RETAINED = 100;
  private final UUID id = UUID.randomUUID();
  private final TreeMap<Long, OffsetEntry> offsets = new TreeMap<>();
  private CommitEntry lastCommit;

  @Override
  public UUID queryId() {
    return id;
  }

  @Override
  public Optional<OffsetEntry> offsets(long batchId) {
    return Optional.ofNullable(offsets.get(batchId));
  }

  @Override
  public Optional<OffsetEntry> latestOffsets() {
    Map.Entry<Long, OffsetEntry> e = offsets.lastEntry();
    return Optional.ofNullable(e == null ? null : e.getValue());
  }

  @Override
  public Optional<CommitEntry> latestCommit() {
    return Optional.ofNullable(lastCommit);
  }

  @Override
  public void writeOffsets(OffsetEntry entry) {
    offsets.put(entry.batchId(), entry);
    while (offsets.size() > RETAINED) {
      offsets.pollFirstEntry();
    }
  }

  @Override
  public void writeCommit(CommitEntry entry) {
    lastCommit = entry;
  }

  @Override
  public void close() {}
}
