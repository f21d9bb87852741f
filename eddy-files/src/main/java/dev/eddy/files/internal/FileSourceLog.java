package dev.eddy.files.internal;

import dev.eddy.internal.checkpoint.CheckpointIO;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The log of files a file source has discovered, one entry per batch offset: offset {@code N}
 * (counting from 0) holds the files first seen in the {@code N}th listing that found any. A file
 * is logged at most once, so every file is read in exactly one batch.
 *
 * <p>With a metadata directory the log is durable: offset {@code N} is the file {@code
 * <dir>/N}, whose first line is the format version {@code v1} and each further line a JSON object
 * {@code {"path":...,"timestamp":...}}. Each file is written once through {@link CheckpointIO#writeNew}
 * before its offset is handed to the engine, and the whole log is read back when a source starts
 * on the same directory. Without a directory the log lives in memory only.
 *
 * <p>Thread safety: used by the query thread only.
 */
final class FileSourceLog {
  static final String VERSION = "v1";
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path dir;
  private final TreeMap<Long, List<FileEntry>> batches = new TreeMap<>();
  private final Set<String> logged = new HashSet<>();
  private long latestTimestamp = Long.MIN_VALUE;

  /**
   * Opens the log kept in {@code dir} (created when missing), or an in-memory log when {@code dir}
   * is null.
   *
   * @throws UncheckedIOException naming the directory when it cannot be read
   * @throws IllegalStateException naming the file when an entry is corrupt or one is missing
   */
  FileSourceLog(Path dir) {
    this.dir = dir;
    if (dir != null) {
      load();
    }
  }

  /** The last offset, or -1 when nothing is logged. */
  long lastOffset() {
    return batches.isEmpty() ? -1 : batches.lastKey();
  }

  /** Whether {@code path} is logged under any offset. */
  boolean contains(String path) {
    return logged.contains(path);
  }

  /** How many files are logged. */
  int fileCount() {
    return logged.size();
  }

  /** The newest modification time of a logged file, or {@link Long#MIN_VALUE}. */
  long latestTimestamp() {
    return latestTimestamp;
  }

  /** The files of offset {@code offset}, or null when it is not logged. */
  List<FileEntry> files(long offset) {
    return batches.get(offset);
  }

  /**
   * Logs {@code files} under the next offset and returns it; durable before it returns when the
   * log has a directory.
   *
   * @throws UncheckedIOException naming the file when it cannot be written
   */
  long append(List<FileEntry> files) {
    long offset = lastOffset() + 1;
    if (dir != null) {
      Path file = dir.resolve(Long.toString(offset));
      if (!CheckpointIO.get().writeNew(file, out -> write(files, out))) {
        throw new IllegalStateException(
            "File source log entry " + file + " exists already: is another query using this checkpoint?");
      }
    }
    remember(offset, files);
    return offset;
  }

  private static void write(List<FileEntry> files, java.io.OutputStream out) throws IOException {
    StringBuilder sb = new StringBuilder(VERSION).append('\n');
    for (FileEntry f : files) {
      ObjectNode node = JSON.createObjectNode().put("path", f.path()).put("timestamp", f.timestamp());
      sb.append(JSON.writeValueAsString(node)).append('\n');
    }
    out.write(sb.toString().getBytes(StandardCharsets.UTF_8));
  }

  private void remember(long offset, List<FileEntry> files) {
    batches.put(offset, List.copyOf(files));
    for (FileEntry f : files) {
      logged.add(f.path());
      latestTimestamp = Math.max(latestTimestamp, f.timestamp());
    }
  }

  private void load() {
    try {
      Files.createDirectories(dir);
      List<Long> offsets = new ArrayList<>();
      try (Stream<Path> list = Files.list(dir)) {
        list.map(p -> p.getFileName().toString()).filter(n -> n.matches("[0-9]+")).forEach(n -> offsets.add(Long.parseLong(n)));
      }
      offsets.sort(null);
      for (int i = 0; i < offsets.size(); i++) {
        if (offsets.get(i) != i) {
          throw new IllegalStateException(
              "File source log " + dir + " is missing entry " + i + " (found entries " + offsets + ")");
        }
        remember(i, read(dir.resolve(Long.toString(i))));
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read file source log " + dir, e);
    }
  }

  private static List<FileEntry> read(Path file) throws IOException {
    List<FileEntry> files = new ArrayList<>();
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      String version = in.readLine();
      if (!VERSION.equals(version)) {
        throw new IllegalStateException(
            "Corrupt file source log entry " + file + ": expected format version '" + VERSION + "' on line 1, got '"
                + version + "'");
      }
      int lineNumber = 1;
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        lineNumber++;
        try {
          JsonNode node = JSON.readTree(line);
          if (!node.path("path").isTextual() || !node.path("timestamp").canConvertToLong()) {
            throw new IllegalArgumentException("expected {\"path\":...,\"timestamp\":...}");
          }
          files.add(new FileEntry(node.get("path").asText(), node.get("timestamp").asLong()));
        } catch (IOException | IllegalArgumentException e) {
          throw new IllegalStateException(
              "Corrupt file source log entry " + file + " at line " + lineNumber + ": " + e.getMessage(), e);
        }
      }
    }
    return files;
  }
}
