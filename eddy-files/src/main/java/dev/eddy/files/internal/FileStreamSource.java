package dev.eddy.files.internal;

import dev.eddy.Row;
import dev.eddy.spi.InputPartition;
import dev.eddy.spi.LongOffset;
import dev.eddy.spi.Offset;
import dev.eddy.spi.Source;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;
import java.util.stream.Stream;

/**
 * A source over the files of a directory. Each {@link #latestOffset()} lists the directory
 * (skipping subdirectories and names starting with {@code .} or {@code _}), takes the files not
 * logged yet, ordered by modification time then name (newest first with {@code latestFirst}),
 * drops those older than the newest logged file minus {@code maxFileAge}, keeps at most {@code
 * maxFilesPerTrigger}, and logs them under a new offset in its {@link FileSourceLog}. A batch
 * (start, end] reads the files of offsets start+1 to end, one partition per file, in log order.
 *
 * <p>An offset logged by a run that stopped before planning a batch with it (the log is written
 * before the query's offset log) is replayed on its own first: while the log holds offsets past
 * the last committed one, {@link #latestOffset()} returns the next of them instead of listing the
 * directory. So a restart cuts the input into the same batches as an uninterrupted run would, and
 * {@code maxFilesPerTrigger} holds across restarts.
 *
 * <p>Thread safety: {@link #latestOffset}, {@link #planInputPartitions} and {@link #metrics} are
 * called from the query thread; partitions are read on worker threads and only touch the
 * thread-safe malformed-row counter.
 */
final class FileStreamSource implements Source<Row> {
  private static final Comparator<FileEntry> OLDEST_FIRST =
      Comparator.comparingLong(FileEntry::timestamp).thenComparing(FileEntry::path);

  private final FileSourceOptions options;
  private final FileSourceLog log;
  private final ColumnSchema schema;
  private final RecordFileReader reader;
  private final LongAdder malformed = new LongAdder();
  /** Under AvailableNow, the files present when the query started; null otherwise. */
  private java.util.Set<String> availableNow;
  /** The end of the last committed batch; -1 before the first. */
  private long committed = -1;

  FileStreamSource(FileSourceOptions options, Path metadataDir, ColumnSchema schema, RecordParser parser,
      boolean skipHeader, ParseMode mode) {
    this.options = options;
    this.log = new FileSourceLog(metadataDir);
    this.schema = schema;
    this.reader = new RecordFileReader(parser, skipHeader, mode, malformed);
  }

  @Override
  public Offset latestOffset() {
    if (log.lastOffset() > committed) {
      return new LongOffset(committed + 1);
    }
    List<FileEntry> fresh = newFiles();
    if (!fresh.isEmpty()) {
      log.append(fresh);
    }
    long last = log.lastOffset();
    return last < 0 ? null : new LongOffset(last);
  }

  private List<FileEntry> newFiles() {
    long oldest = log.latestTimestamp() == Long.MIN_VALUE || options.maxFileAgeMillis() == Long.MAX_VALUE
        ? Long.MIN_VALUE
        : log.latestTimestamp() - options.maxFileAgeMillis();
    List<FileEntry> fresh = new ArrayList<>();
    for (FileEntry f : list()) {
      if (f.timestamp() >= oldest && !log.contains(f.path())
          && (availableNow == null || availableNow.contains(f.path()))) {
        fresh.add(f);
      }
    }
    fresh.sort(options.latestFirst() ? OLDEST_FIRST.reversed() : OLDEST_FIRST);
    return fresh.size() > options.maxFilesPerTrigger() ? fresh.subList(0, options.maxFilesPerTrigger()) : fresh;
  }

  private List<FileEntry> list() {
    List<FileEntry> files = new ArrayList<>();
    try (Stream<Path> entries = Files.list(options.dir())) {
      for (Path p : (Iterable<Path>) entries::iterator) {
        String name = p.getFileName().toString();
        if (name.startsWith(".") || name.startsWith("_")) {
          continue;
        }
        BasicFileAttributes attributes;
        try {
          attributes = Files.readAttributes(p, BasicFileAttributes.class); // one stat per file
        } catch (NoSuchFileException gone) {
          continue; // deleted since the listing
        }
        if (attributes.isRegularFile()) {
          files.add(new FileEntry(p.toString(), attributes.lastModifiedTime().toMillis()));
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot list the source directory " + options.dir(), e);
    }
    return files;
  }

  /** Under AvailableNow, only the files present now are read (in as many batches as the limits ask). */
  @Override
  public void prepareForAvailableNow() {
    java.util.Set<String> now = new java.util.HashSet<>();
    for (FileEntry f : list()) {
      now.add(f.path());
    }
    availableNow = now;
  }

  @Override
  public void commit(Offset end) {
    committed = Math.max(committed, ((LongOffset) end).value());
  }

  @Override
  public List<InputPartition<Row>> planInputPartitions(Offset start, Offset end) {
    long from = start == null ? 0 : ((LongOffset) start).value() + 1;
    long to = ((LongOffset) end).value();
    List<InputPartition<Row>> partitions = new ArrayList<>();
    for (long offset = from; offset <= to; offset++) {
      List<FileEntry> files = log.files(offset);
      if (files == null) {
        throw new IllegalStateException(
            "The file source log of " + options.dir() + " has no offset " + offset + " (last: " + log.lastOffset()
                + "); was the source's metadata directory deleted?");
      }
      for (FileEntry f : files) {
        partitions.add(new FilePartition(Path.of(f.path()), schema.names(), reader));
      }
    }
    return partitions;
  }

  @Override
  public Offset deserializeOffset(String json) {
    return LongOffset.parse(json);
  }

  /**
   * Counters for progress reports: {@code numMalformedRows}, the malformed lines met so far (kept
   * with nulls in PERMISSIVE mode, dropped in DROPMALFORMED mode), and {@code numFilesLogged}.
   */
  @Override
  public Map<String, String> metrics() {
    Map<String, String> m = new LinkedHashMap<>();
    m.put("numMalformedRows", Long.toString(malformed.sum()));
    m.put("numFilesLogged", Integer.toString(log.fileCount()));
    return m;
  }

  @Override
  public String toString() {
    return "FileStreamSource[" + options.dir() + "]";
  }
}
