package dev.eddy.files;

import java.nio.file.Path;

/**
 * A malformed record met in FAILFAST mode by the file source, or by {@link FileSinkReader}. The message names the file, the line number (from 1)
 * and what was wrong, e.g. {@code Malformed record in /in/a.json at line 3 (mode FAILFAST):
 * field 'count': cannot convert 'x' to long}.
 *
 * <p>Thread safety: immutable.
 */
public final class MalformedFileException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final String file;
  private final long line;

  /**
   * A record at {@code line} of {@code file} that could not be read for {@code reason}; the file
   * source throws it, users catch it.
   */
  public MalformedFileException(Path file, long line, String reason, Throwable cause) {
    super("Malformed record in " + file + " at line " + line + " (mode FAILFAST): " + reason, cause);
    this.file = file.toString();
    this.line = line;
  }

  /** The file holding the malformed record. */
  public String file() {
    return file;
  }

  /** The line of the record, counting from 1. */
  public long line() {
    return line;
  }
}
