package dev.eddy.files.internal;

import java.nio.file.Path;

/**
 * A malformed record met in FAILFAST mode. The message names the file, the line number (from 1)
 * and what was wrong, e.g. {@code Malformed record in /in/a.json at line 3 (mode FAILFAST):
 * field 'count': cannot convert 'x' to long}.
 *
 * <p>Thread safety: immutable.
 */
public final class MalformedFileException extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final String file;
  private final long line;

  MalformedFileException(Path file, long line, MalformedRecordException cause) {
    super("Malformed record in " + file + " at line " + line + " (mode FAILFAST): " + cause.getMessage(), cause);
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
