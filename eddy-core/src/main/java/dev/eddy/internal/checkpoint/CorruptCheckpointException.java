package dev.eddy.internal.checkpoint;

import java.nio.file.Path;

/** A checkpoint file is torn, corrupted or of an unknown format; the message names it. */
public final class CorruptCheckpointException extends IllegalStateException {
  private static final long serialVersionUID = 1L;

  public CorruptCheckpointException(Path file, String problem) {
    super("Corrupt checkpoint file " + file + ": " + problem);
  }

  public CorruptCheckpointException(Path file, String problem, Throwable cause) {
    super("Corrupt checkpoint file " + file + ": " + problem, cause);
  }
}
