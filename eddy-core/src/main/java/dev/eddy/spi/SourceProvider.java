package dev.eddy.spi;

import dev.eddy.Encoder;

/**
 * Creates sources for a format name given to {@code readStream().format(name)}. Registered through
 * {@code META-INF/services/dev.eddy.spi.SourceProvider}.
 */
public interface SourceProvider {
  /** The format name, such as {@code "rate"}. */
  String shortName();

  /** The encoder of the rows this format produces. */
  Encoder<?> schema(Options options);

  /**
   * Validates {@code options} and creates the source. Called when the query starts.
   *
   * @throws IllegalArgumentException naming the option when one is unknown, malformed or missing
   */
  Source<?> createSource(SourceContext context, Options options);
}
