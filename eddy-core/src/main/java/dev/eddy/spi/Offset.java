package dev.eddy.spi;

/**
 * A position in a source, as a JSON string that the source can parse back. Offsets are written to
 * the checkpoint's offset log before a batch runs, so a re-executed batch reads exactly the same
 * rows (SEMANTICS C1, C2).
 */
public interface Offset {
  /** The JSON form written to the offset log. */
  String json();
}
