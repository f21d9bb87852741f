package dev.eddy.state.rocksdb;

import dev.eddy.internal.checkpoint.CheckpointIO;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;

/**
 * RocksDB checkpoints copied into the store directory as {@code snapshot-<version>/}: the
 * database files plus {@value #MANIFEST}, whose first line is {@value #HEADER} and which lists
 * every file with its size and CRC32C ({@code file <name> <size> <crc hex>}), ending with the
 * line {@code end}. The directory is assembled under a temporary name and renamed when complete,
 * so a snapshot directory is either whole or absent; files are checked against the manifest
 * when loaded.
 *
 * <p>Thread safety: stateless; the provider runs one upload at a time per partition.
 */
final class SnapshotFiles {
  static final String MANIFEST = "eddy-snapshot.manifest";
  static final String HEADER = "eddy-rocksdb-snapshot 1";
  static final String PREFIX = "snapshot-";

  private SnapshotFiles() {}

  static Path dir(Path storeDir, long version) {
    return storeDir.resolve(PREFIX + version);
  }

  /**
   * Copies the checkpoint in {@code localCheckpoint} into the snapshot of {@code version} and
   * returns the bytes copied; does nothing (and returns 0) when that snapshot already exists.
   */
  static long upload(Path localCheckpoint, Path storeDir, long version) throws IOException {
    Path target = dir(storeDir, version);
    if (Files.isDirectory(target)) {
      return 0;
    }
    Path temp = DurableFiles.tempSibling(target);
    Files.createDirectory(temp);
    try {
      StringBuilder manifest = new StringBuilder(HEADER).append('\n');
      long bytes = 0;
      try (DirectoryStream<Path> files = Files.newDirectoryStream(localCheckpoint)) {
        for (Path f : files) {
          String name = f.getFileName().toString();
          long crc = DurableFiles.copyWithChecksum(f, temp.resolve(name));
          long size = Files.size(f);
          bytes += size;
          manifest.append("file ").append(name).append(' ').append(size).append(' ')
              .append(Long.toHexString(crc)).append('\n');
        }
      }
      byte[] m = manifest.append("end\n").toString().getBytes(StandardCharsets.UTF_8);
      CheckpointIO.get().writeAtomically(temp.resolve(MANIFEST), m);
      Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
      CheckpointIO.syncDirectory(storeDir);
      return bytes;
    } finally {
      CheckpointIO.deleteRecursively(temp);
    }
  }

  /**
   * Copies the snapshot of {@code version} into {@code dbDir} (which must not exist), checking
   * every file against the manifest.
   *
   * @throws IllegalStateException naming the file when the manifest or a file is missing, has the
   *     wrong size or fails its checksum
   */
  static void download(Path storeDir, long version, Path dbDir) throws IOException {
    Path snapshot = dir(storeDir, version);
    Path manifestFile = snapshot.resolve(MANIFEST);
    if (!Files.isRegularFile(manifestFile)) {
      throw new IllegalStateException("Snapshot " + snapshot + " has no " + MANIFEST);
    }
    List<String> lines = Files.readAllLines(manifestFile, StandardCharsets.UTF_8);
    if (lines.isEmpty() || !lines.get(0).equals(HEADER) || !lines.get(lines.size() - 1).equals("end")) {
      throw new IllegalStateException("Snapshot manifest " + manifestFile + " is not a complete '" + HEADER + "' file");
    }
    Files.createDirectories(dbDir);
    for (String line : lines.subList(1, lines.size() - 1)) {
      String[] parts = line.split(" ");
      if (parts.length != 4 || !parts[0].equals("file")) {
        throw new IllegalStateException("Snapshot manifest " + manifestFile + " has a malformed line '" + line + "'");
      }
      Path from = snapshot.resolve(parts[1]);
      if (!Files.isRegularFile(from) || Files.size(from) != Long.parseLong(parts[2])) {
        throw new IllegalStateException("Snapshot file " + from + " is missing or does not have " + parts[2] + " bytes");
      }
      long crc = DurableFiles.copyWithChecksum(from, dbDir.resolve(parts[1]));
      if (crc != Long.parseLong(parts[3], 16)) {
        throw new IllegalStateException("Snapshot file " + from + " fails its CRC32C checksum (corrupt file)");
      }
    }
  }

  /** The versions of the complete snapshots in {@code storeDir}, ascending. */
  static List<Long> versions(Path storeDir) throws IOException {
    return StoreDirectory.versions(storeDir, PREFIX, "");
  }
}
