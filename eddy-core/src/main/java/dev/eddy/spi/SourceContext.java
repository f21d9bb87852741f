package dev.eddy.spi;

import dev.eddy.Encoder;
import java.nio.file.Path;

/**
 * What a source may know of the query it runs in.
 *
 * @param clock the query's clock
 * @param metadataDir a directory the source may keep its own metadata in (inside the query's
 *     checkpoint), or null when the query has no checkpoint
 * @param schema the schema the user declared with {@code readStream().schema(...)}, or null; file
 *     sources read the fields it names
 */
public record SourceContext(Clock clock, Path metadataDir, Encoder<?> schema) {
  /** A context without a declared schema. */
  public SourceContext(Clock clock, Path metadataDir) {
    this(clock, metadataDir, null);
  }
}
