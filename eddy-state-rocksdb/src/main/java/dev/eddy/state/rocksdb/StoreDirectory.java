package dev.eddy.state.rocksdb;

import dev.eddy.internal.checkpoint.CheckpointIO;
import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * The files of one partition in the checkpoint: {@code <version>.changelog} per committed version
 * and {@code snapshot-<version>/} directories (see {@link Changelog} and {@link SnapshotFiles}).
 * Knows which files a version needs and which retention lets go.
 *
 * <p>Thread safety: stateless; listing while another thread writes sees either state of a file.
 */
final class StoreDirectory {
  static final String CHANGELOG_SUFFIX = ".changelog";

  private StoreDirectory() {}

  static Path changelog(Path storeDir, long version) {
    return storeDir.resolve(version + CHANGELOG_SUFFIX);
  }

  static List<Long> changelogVersions(Path storeDir) throws IOException {
    return versions(storeDir, "", CHANGELOG_SUFFIX);
  }

  /** The newest snapshot version not above {@code version}, or 0 when there is none. */
  static long snapshotFor(Path storeDir, long version) throws IOException {
    long best = 0;
    for (long v : SnapshotFiles.versions(storeDir)) {
      if (v <= version) {
        best = v;
      }
    }
    return best;
  }

  /**
   * Deletes the snapshots and changelogs that no version among the newest {@code retain} needs:
   * everything older than the newest snapshot at or below the oldest retained version.
   *
   * @return the number of files and directories deleted
   */
  static int applyRetention(Path storeDir, int retain) throws IOException {
    List<Long> changelogs = changelogVersions(storeDir);
    List<Long> snapshots = SnapshotFiles.versions(storeDir);
    long base = snapshotFor(storeDir, newestVersion(storeDir) - retain + 1);
    int deleted = 0;
    if (base == 0) {
      return deleted;
    }
    for (long v : snapshots) {
      if (v < base) {
        CheckpointIO.deleteRecursively(SnapshotFiles.dir(storeDir, v));
        deleted++;
      }
    }
    for (long v : changelogs) {
      if (v <= base) {
        Files.deleteIfExists(changelog(storeDir, v));
        deleted++;
      }
    }
    return deleted;
  }

  /**
   * Deletes the files of versions after {@code version} — left by a timeline that was abandoned
   * when an older version was reloaded and committed again: changelogs above {@code version} and
   * snapshots at or above it.
   */
  static void discardFrom(Path storeDir, long version) throws IOException {
    for (long v : changelogVersions(storeDir)) {
      if (v > version) {
        Files.deleteIfExists(changelog(storeDir, v));
      }
    }
    for (long v : SnapshotFiles.versions(storeDir)) {
      if (v >= version) {
        CheckpointIO.deleteRecursively(SnapshotFiles.dir(storeDir, v));
      }
    }
  }

  /** The newest version with a changelog or snapshot, or 0. */
  static long newestVersion(Path storeDir) throws IOException {
    List<Long> changelogs = changelogVersions(storeDir);
    List<Long> snapshots = SnapshotFiles.versions(storeDir);
    return Math.max(changelogs.isEmpty() ? 0 : changelogs.get(changelogs.size() - 1),
        snapshots.isEmpty() ? 0 : snapshots.get(snapshots.size() - 1));
  }

  /** The numbers N of entries named {@code <prefix>N<suffix>} in {@code dir}, ascending. */
  static List<Long> versions(Path dir, String prefix, String suffix) throws IOException {
    List<Long> out = new ArrayList<>();
    if (!Files.isDirectory(dir)) {
      return out;
    }
    try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir)) {
      for (Path p : ds) {
        String name = p.getFileName().toString();
        if (name.startsWith(prefix) && name.endsWith(suffix) && name.length() > prefix.length() + suffix.length()) {
          String digits = name.substring(prefix.length(), name.length() - suffix.length());
          if (digits.chars().allMatch(Character::isDigit)) {
            out.add(Long.parseLong(digits));
          }
        }
      }
    }
    Collections.sort(out);
    return out;
  }
}
