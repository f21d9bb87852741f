package dev.eddy.files.internal;

import dev.eddy.files.MalformedFileException;
import dev.eddy.spi.RowConsumer;
import java.io.BufferedReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.LongAdder;

/**
 * Reads a UTF-8 file line by line through a {@link RecordParser}, skipping a header line when
 * asked, and treats malformed lines as its {@link ParseMode} says.
 *
 * <p>Thread safety: immutable apart from the shared counter, which is thread-safe; one instance
 * may read several files at once.
 */
final class RecordFileReader {
  private final RecordParser parser;
  private final boolean skipHeader;
  private final ParseMode mode;
  private final LongAdder malformed;

  /**
   * @param malformed counts malformed lines kept (PERMISSIVE) or dropped (DROPMALFORMED)
   */
  RecordFileReader(RecordParser parser, boolean skipHeader, ParseMode mode, LongAdder malformed) {
    this.parser = parser;
    this.skipHeader = skipHeader;
    this.mode = mode;
    this.malformed = malformed;
  }

  /**
   * Passes the values of every record of {@code file} to {@code out}, in order.
   *
   * @throws MalformedFileException in FAILFAST mode, naming the file and the line
   * @throws java.io.IOException when the file cannot be read
   * @throws Exception what {@code out} throws
   */
  void read(Path file, RowConsumer<Object[]> out) throws Exception {
    try (BufferedReader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
      long lineNumber = 0;
      for (String line = in.readLine(); line != null; line = in.readLine()) {
        lineNumber++;
        if (skipHeader && lineNumber == 1) {
          continue;
        }
        Object[] values;
        try {
          values = parser.parse(line);
        } catch (MalformedRecordException e) {
          if (mode == ParseMode.FAILFAST) {
            throw new MalformedFileException(file, lineNumber, e.getMessage(), e);
          }
          malformed.increment();
          values = mode == ParseMode.PERMISSIVE ? e.partial() : null;
        }
        if (values != null) {
          out.accept(values);
        }
      }
    }
  }
}
