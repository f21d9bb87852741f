package dev.eddy.files.internal;

/**
 * The {@code text} format: every line, blank ones included, is a record whose single column holds
 * the line without its terminator.
 *
 * <p>Thread safety: stateless.
 */
final class TextRecordParser implements RecordParser {
  @Override
  public Object[] parse(String line) {
    return new Object[] {line};
  }
}
