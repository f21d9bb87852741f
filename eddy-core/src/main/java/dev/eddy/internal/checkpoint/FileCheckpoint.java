package dev.eddy.internal.checkpoint;

import dev.eddy.internal.json.Json;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.UUID;
import java.util.stream.Stream;

/**
 * The checkpoint directory of a query:
 *
 * <pre>
 * metadata           the query id
 * offsets/N          batch N's source range, timestamp, watermarks (before it runs)
 * commits/N          batch N is done; the watermark after it
 * state/&lt;op&gt;/...     state store files, see the backends
 * sources/&lt;i&gt;/...    what sources keep (such as files seen)
 * .lock              held while a query runs here
 * </pre>
 *
 * Every file is written through {@link CheckpointIO} (temporary name, fsync, atomic rename) in the
 * {@link LogFile} format. The protocol that uses these logs is described on {@code
 * MicroBatchExecution}. Only one query may use a checkpoint at a time: an OS file lock on {@code
 * .lock}, released by the OS when the process dies, so a killed run never blocks a restart. Logs
 * older than the retention are deleted after each commit.
 *
 * <p>Thread safety: used by the query thread only.
 */
public final class FileCheckpoint implements QueryCheckpoint {
  private final Path root;
  private final CheckpointIO io = CheckpointIO.get();
  private final UUID id;
  private final int retain;
  private final FileChannel lockChannel;
  private final FileLock lock;

  /** Per log directory, the batch below which every entry is known to be deleted. */
  private final Map<String, Long> purgedBelow = new HashMap<>();

  /**
   * Opens (creating if needed) the checkpoint at {@code root}, keeping at least {@code retain}
   * batches of logs.
   *
   * @throws IllegalStateException when another query is using the checkpoint
   */
  public FileCheckpoint(Path root, int retain) {
    this.root = root;
    this.retain = retain;
    try {
      Files.createDirectories(root.resolve("offsets"));
      Files.createDirectories(root.resolve("commits"));
      lockChannel = FileChannel.open(root.resolve(".lock"), StandardOpenOption.CREATE, StandardOpenOption.WRITE);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot open checkpoint directory " + root + ": " + e.getMessage(), e);
    }
    FileLock l;
    try {
      l = lockChannel.tryLock();
    } catch (OverlappingFileLockException | IOException e) {
      l = null;
    }
    if (l == null) {
      closeQuietly();
      throw new IllegalStateException(
          "Checkpoint " + root + " is in use by another running query; stop it first or use another checkpointLocation");
    }
    lock = l;
    Path metadata = root.resolve("metadata");
    if (Files.exists(metadata)) {
      Map<String, Object> m = Json.readObject(LogFile.decode(metadata, io.read(metadata)));
      id = UUID.fromString(String.valueOf(m.get("id")));
    } else {
      id = UUID.randomUUID();
      io.writeAtomically(metadata, LogFile.encode(Json.write(Map.of("id", id.toString()))));
    }
  }

  @Override
  public UUID queryId() {
    return id;
  }

  @Override
  public Optional<OffsetEntry> offsets(long batchId) {
    Path f = root.resolve("offsets").resolve(Long.toString(batchId));
    if (!Files.exists(f)) {
      return Optional.empty();
    }
    Map<String, Object> m = Json.readObject(LogFile.decode(f, io.read(f)));
    try {
      return Optional.of(
          new OffsetEntry(
              ((Number) m.get("batchId")).longValue(),
              (String) m.get("startOffset"),
              (String) m.get("endOffset"),
              ((Number) m.get("timestampMs")).longValue(),
              ((Number) m.get("watermarkMs")).longValue(),
              ((Number) m.get("lateWatermarkMs")).longValue()));
    } catch (RuntimeException e) {
      throw new CorruptCheckpointException(f, "missing or malformed field: " + e, e);
    }
  }

  @Override
  public Optional<OffsetEntry> latestOffsets() {
    Long last = latest("offsets");
    return last == null ? Optional.empty() : offsets(last);
  }

  @Override
  public Optional<CommitEntry> latestCommit() {
    Long last = latest("commits");
    if (last == null) {
      return Optional.empty();
    }
    Path f = root.resolve("commits").resolve(Long.toString(last));
    Map<String, Object> m = Json.readObject(LogFile.decode(f, io.read(f)));
    Object wm = m.get("nextWatermarkMs");
    if (!(wm instanceof Number)) {
      throw new CorruptCheckpointException(f, "missing field nextWatermarkMs");
    }
    return Optional.of(new CommitEntry(last, ((Number) wm).longValue()));
  }

  @Override
  public void writeOffsets(OffsetEntry e) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("batchId", e.batchId());
    m.put("startOffset", e.startOffset());
    m.put("endOffset", e.endOffset());
    m.put("timestampMs", e.timestampMs());
    m.put("watermarkMs", e.watermarkMs());
    m.put("lateWatermarkMs", e.lateWatermarkMs());
    io.writeAtomically(root.resolve("offsets").resolve(Long.toString(e.batchId())), LogFile.encode(Json.write(m)));
  }

  @Override
  public void writeCommit(CommitEntry e) {
    io.writeAtomically(
        root.resolve("commits").resolve(Long.toString(e.batchId())),
        LogFile.encode(Json.write(Map.of("nextWatermarkMs", e.nextWatermarkMs()))));
    purge("offsets", e.batchId() - retain);
    purge("commits", e.batchId() - retain);
  }

  private Long latest(String dir) {
    TreeSet<Long> ids = ids(dir);
    return ids.isEmpty() ? null : ids.last();
  }

  private TreeSet<Long> ids(String dir) {
    TreeSet<Long> ids = new TreeSet<>();
    try (Stream<Path> files = Files.list(root.resolve(dir))) {
      files.map(p -> p.getFileName().toString())
          .filter(n -> n.matches("\\d+"))
          .forEach(n -> ids.add(Long.parseLong(n)));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list " + root.resolve(dir) + ": " + e.getMessage(), e);
    }
    return ids;
  }

  /**
   * Deletes the entries of {@code dir} below {@code belowBatch}: the first time by listing the
   * directory (an earlier run may have left any), then only the entries since the last purge, so
   * a commit does not list the log directories.
   */
  private void purge(String dir, long belowBatch) {
    if (belowBatch <= 0) {
      return;
    }
    Long done = purgedBelow.get(dir);
    if (done == null) {
      for (Long id : ids(dir).headSet(belowBatch)) {
        io.delete(root.resolve(dir).resolve(Long.toString(id)));
      }
    } else {
      for (long id = done; id < belowBatch; id++) {
        io.delete(root.resolve(dir).resolve(Long.toString(id)));
      }
    }
    purgedBelow.put(dir, Math.max(belowBatch, done == null ? 0 : done));
  }

  @Override
  public void close() {
    try {
      lock.release();
    } catch (IOException ignored) {
      // the channel close below releases it too
    }
    closeQuietly();
  }

  private void closeQuietly() {
    try {
      lockChannel.close();
    } catch (IOException ignored) {
      // nothing more to release
    }
  }
}
