package dev.eddy.files.internal;

import dev.eddy.internal.checkpoint.CheckpointIO;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;

/**
 * The metadata log of a file sink, {@code <path>/_eddy_metadata}: entry {@code N} lists the data
 * files that batch {@code N} committed. A data file belongs to the sink's output only once an
 * entry names it; files of a batch that crashed before its entry was written are never read.
 *
 * <p>Entry format: the file {@code _eddy_metadata/N}, whose first line is the format version
 * {@code v1} and second line a JSON array of data file names relative to the sink directory,
 * such as {@code ["part-3-4f1c….json"]} ({@code []} for an empty batch). Entries are written once
 * through {@link dev.eddy.internal.checkpoint.CheckpointIO#writeNew} and never changed.
 *
 * <p>Thread safety: stateless apart from the directory; one sink writes it, readers may read it
 * concurrently (they see whole entries or none).
 */
final class FileSinkLog {
  /** The name of the log directory inside a sink directory. */
  static final String DIR = "_eddy_metadata";
  static final String VERSION = "v1";
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Path dir;

  /** The log of the sink directory {@code sinkDir}. */
  FileSinkLog(Path sinkDir) {
    this.dir = sinkDir.resolve(DIR);
  }

  /** Whether batch {@code batchId} is committed. */
  boolean contains(long batchId) {
    return Files.exists(entry(batchId));
  }

  /**
   * Commits batch {@code batchId} with its data files, unless it is committed already.
   *
   * @return false when an entry for the batch existed already (nothing was written)
   * @throws IOException when the log directory cannot be created
   * @throws java.io.UncheckedIOException naming the entry when it cannot be written
   */
  boolean commit(long batchId, List<String> files) throws IOException {
    Files.createDirectories(dir);
    byte[] content = (VERSION + "\n" + JSON.writeValueAsString(files) + "\n").getBytes(StandardCharsets.UTF_8);
    return CheckpointIO.get().writeNew(entry(batchId), out -> out.write(content));
  }

  /**
   * The committed data files by batch id, in batch order; empty when the sink has written nothing.
   *
   * @throws UncheckedIOException naming the directory when it cannot be read
   * @throws IllegalStateException naming the entry when one is corrupt
   */
  Map<Long, List<String>> committed() {
    Map<Long, List<String>> out = new TreeMap<>();
    if (!Files.isDirectory(dir)) {
      return out;
    }
    List<Long> ids = new ArrayList<>();
    try (Stream<Path> list = Files.list(dir)) {
      list.map(p -> p.getFileName().toString()).filter(n -> n.matches("[0-9]+")).forEach(n -> ids.add(Long.parseLong(n)));
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list file sink log " + dir, e);
    }
    for (long id : ids) {
      out.put(id, read(entry(id)));
    }
    return out;
  }

  private static List<String> read(Path entry) {
    try (BufferedReader in = Files.newBufferedReader(entry, StandardCharsets.UTF_8)) {
      String version = in.readLine();
      if (!VERSION.equals(version)) {
        throw new IllegalStateException(
            "Corrupt file sink log entry " + entry + ": expected format version '" + VERSION + "' on line 1, got '"
                + version + "'");
      }
      String files = in.readLine();
      if (files == null) {
        throw new IllegalStateException("Corrupt file sink log entry " + entry + ": no file list on line 2");
      }
      return JSON.readValue(files, new TypeReference<List<String>>() {});
    } catch (IOException e) {
      throw new IllegalStateException("Cannot read file sink log entry " + entry + ": " + e.getMessage(), e);
    }
  }

  private Path entry(long batchId) {
    return dir.resolve(Long.toString(batchId));
  }
}
