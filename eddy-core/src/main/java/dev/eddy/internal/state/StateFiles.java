package dev.eddy.internal.state;

import dev.eddy.internal.checkpoint.CheckpointIO;
import dev.eddy.spi.ColumnFamily;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * The memory backend's files of one partition: {@code <version>.delta} per commit and {@code
 * <version>.snapshot} written by maintenance (format: {@link StateFile}).
 *
 * <ul>
 *   <li>Commits write deltas, or a snapshot when a batch changed most entries.
 *   <li>Reading version v = the deltas after the newest snapshot ≤ v, newest first, then that
 *       snapshot; the first occurrence of a key wins, so a value a later delta overwrote is skipped
 *       without being decoded.
 *   <li>Maintenance folds the newest snapshot and the deltas after it into a new snapshot once
 *       {@code minDeltas} deltas have accumulated or the deltas outweigh the snapshot (replaying
 *       them on restart would then cost more than the snapshot), then deletes files no longer
 *       needed to load any of the last {@code retain} versions. It works on files only.
 * </ul>
 *
 * <p>Thread safety: maintenance runs on its own thread; reads and maintenance synchronise on this
 * object; the commit's delta and snapshot writes need no lock (each a file of a version
 * maintenance does not write, renamed into place atomically); the counters are safe from both.
 */
final class StateFiles {
  private final Path dir;
  private final List<ColumnFamily<?, ?>> families;
  private final String partition;
  private final int minDeltas;
  private final int retain;
  private volatile long lastSnapshotBytes;
  private final AtomicLong snapshotsWritten = new AtomicLong();

  StateFiles(Path dir, List<ColumnFamily<?, ?>> families, String partition, int minDeltas, int retain) {
    this.dir = dir;
    this.families = families;
    this.partition = partition;
    this.minDeltas = minDeltas;
    this.retain = retain;
  }

  /**
   * Writes the delta of {@code version} durably and removes a snapshot of the same version that an
   * earlier attempt at the batch may have left. Returns its size in bytes.
   */
  long writeDelta(long version, byte[] bytes) {
    CheckpointIO.get().writeAtomically(file(version, ".delta"), bytes);
    CheckpointIO.get().delete(file(version, ".snapshot"));
    return bytes.length;
  }

  /**
   * Writes a snapshot of {@code version} that the committing batch built from the live state, and
   * removes a delta of the same version that an earlier attempt at the batch may have left.
   */
  void writeSnapshot(long version, byte[] bytes) {
    CheckpointIO.get().writeAtomically(file(version, ".snapshot"), bytes);
    CheckpointIO.get().delete(file(version, ".delta"));
    lastSnapshotBytes = bytes.length;
    snapshotsWritten.incrementAndGet();
  }

  /**
   * Reads version {@code version} into {@code maps} (one per column family, empty on entry).
   *
   * @throws IllegalStateException naming the partition and file when a delta is missing
   */
  synchronized void read(long version, List<Map<Object, Object>> maps) {
    Long snapshot = versions(".snapshot").floor(version);
    if (!readVersion(version, snapshot, maps)) {
      throw new IllegalStateException("Cannot load version " + version + " of " + partition
          + ": a delta file between the newest snapshot (" + snapshot + ") and it is missing from " + dir);
    }
  }

  long lastSnapshotBytes() {
    return lastSnapshotBytes;
  }

  long snapshotsWritten() {
    return snapshotsWritten.get();
  }

  /**
   * Reads version {@code version} into {@code maps} (one per column family): the deltas after
   * {@code snapshot} newest first, then the snapshot, the first occurrence of a key winning, so a
   * value overwritten by a later delta is skipped without being decoded. Returns false when a
   * delta is missing.
   */
  private boolean readVersion(long version, Long snapshot, List<Map<Object, Object>> maps) {
    List<Set<Object>> deleted = new ArrayList<>();
    for (int i = 0; i < maps.size(); i++) {
      deleted.add(new HashSet<>());
    }
    StateFile.RecordSink newestWins = new StateFile.RecordSink() {
      @Override
      public boolean wants(int family, Object key) {
        return !maps.get(family).containsKey(key) && !deleted.get(family).contains(key);
      }

      @Override
      public void put(int family, Object key, Object value) {
        maps.get(family).put(key, value);
      }

      @Override
      public void delete(int family, Object key) {
        if (!maps.get(family).containsKey(key)) {
          deleted.get(family).add(key);
        }
      }
    };
    long from = snapshot == null ? 1 : snapshot + 1;
    for (long v = version; v >= from; v--) {
      Path f = file(v, ".delta");
      if (!Files.exists(f)) {
        return false;
      }
      StateFile.read(f, CheckpointIO.get().read(f), StateFile.DELTA, v, families, newestWins);
    }
    if (snapshot != null) {
      Path f = file(snapshot, ".snapshot");
      StateFile.read(f, CheckpointIO.get().read(f), StateFile.SNAPSHOT, snapshot, families, newestWins);
    }
    return true;
  }

  /** Snapshots and cleanup, see the class comment. */
  synchronized void maintain() {
    if (!Files.isDirectory(dir)) {
      return;
    }
    TreeSet<Long> deltas = versions(".delta");
    TreeSet<Long> snapshots = versions(".snapshot");
    if (deltas.isEmpty() && snapshots.isEmpty()) {
      return;
    }
    Long lastSnapshot = snapshots.isEmpty() ? null : snapshots.last();
    long base = lastSnapshot == null ? 0 : lastSnapshot;
    long latest = Math.max(base, deltas.isEmpty() ? 0 : deltas.last());
    if (latest - base >= minDeltas || (latest > base && deltaBytesSince(base, latest) > snapshotBytes(lastSnapshot))) {
      writeSnapshot(latest, lastSnapshot);
      snapshots.add(latest);
    }
    Long keep = snapshots.floor(latest - retain);
    if (keep != null) {
      for (long v : deltas.headSet(keep, true)) {
        CheckpointIO.get().delete(file(v, ".delta"));
      }
      for (long v : snapshots.headSet(keep, false)) {
        CheckpointIO.get().delete(file(v, ".snapshot"));
      }
    }
  }


  /**
   * Bytes of the deltas after {@code base} up to {@code latest}: once they outweigh the snapshot,
   * replaying them on restart costs more than writing a new snapshot now.
   */
  private long deltaBytesSince(long base, long latest) {
    long total = 0;
    for (long v = base + 1; v <= latest; v++) {
      try {
        total += Files.size(file(v, ".delta"));
      } catch (IOException e) {
        return 0; // cleaned up meanwhile: the count-based rule still applies
      }
    }
    return total;
  }

  private long snapshotBytes(Long version) {
    if (version == null) {
      return 0;
    }
    try {
      return Files.size(file(version, ".snapshot"));
    } catch (IOException e) {
      return Long.MAX_VALUE;
    }
  }

  /** Folds the snapshot {@code base} (or nothing) and later deltas into a snapshot at {@code version}. */
  private void writeSnapshot(long version, Long base) {
    List<Map<Object, Object>> maps = new ArrayList<>();
    for (int i = 0; i < families.size(); i++) {
      maps.add(new HashMap<>());
    }
    if (!readVersion(version, base, maps)) {
      return; // an older delta was already cleaned up: nothing to fold from here
    }
    StateFile.Writer w = new StateFile.Writer(StateFile.SNAPSHOT, version, families);
    for (int i = 0; i < maps.size(); i++) {
      for (Map.Entry<Object, Object> e : maps.get(i).entrySet()) {
        w.put(i, e.getKey(), e.getValue());
      }
    }
    byte[] bytes = w.finish();
    CheckpointIO.get().writeAtomically(file(version, ".snapshot"), bytes);
    lastSnapshotBytes = bytes.length;
    snapshotsWritten.incrementAndGet();
  }

  private Path file(long version, String suffix) {
    return dir.resolve(version + suffix);
  }

  private TreeSet<Long> versions(String suffix) {
    TreeSet<Long> out = new TreeSet<>();
    if (!Files.isDirectory(dir)) {
      return out;
    }
    try (Stream<Path> list = Files.list(dir)) {
      list.map(p -> p.getFileName().toString())
          .filter(n -> n.endsWith(suffix) && n.substring(0, n.length() - suffix.length()).matches("\\d+"))
          .forEach(n -> out.add(Long.parseLong(n.substring(0, n.length() - suffix.length()))));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list state directory " + dir + " of " + partition, e);
    }
    return out;
  }

}
