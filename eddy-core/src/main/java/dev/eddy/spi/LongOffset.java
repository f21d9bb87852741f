package dev.eddy.spi;

/** An offset that is a single non-negative counter. */
public record LongOffset(long value) implements Offset {
  @Override
  public String json() {
    return Long.toString(value);
  }

  /**
   * Parses the form written by {@link #json()}.
   *
   * @throws IllegalArgumentException naming the text when it is not a number
   */
  public static LongOffset parse(String json) {
    try {
      return new LongOffset(Long.parseLong(json.trim()));
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("Malformed offset '" + json + "': expected a number", e);
    }
  }
}
