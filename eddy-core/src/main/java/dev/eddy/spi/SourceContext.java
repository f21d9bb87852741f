package dev.eddy.spi;

import java.nio.file.Path;

/**
 * What a source may know of the query it runs in.
 *
 * @param clock the query's clock
 * @param metadataDir a directory the source may keep its own metadata in, or null when the query
 *     has no checkpoint
 */
public record SourceContext(Clock clock, Path metadataDir) {}
