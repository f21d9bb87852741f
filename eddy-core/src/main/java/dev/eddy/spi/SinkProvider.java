package dev.eddy.spi;

/**
 * Creates sinks for a format name given to {@code writeStream().format(name)}. Registered through
 * {@code META-INF/services/dev.eddy.spi.SinkProvider}.
 */
public interface SinkProvider {
  /** The format name, such as {@code "console"}. */
  String shortName();

  /**
   * Validates {@code options} and creates the sink. Called when the query starts.
   *
   * @throws IllegalArgumentException naming the option when one is unknown, malformed or missing
   */
  <T> Sink<T> createSink(SinkContext<T> context, Options options);
}
