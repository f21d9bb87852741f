package dev.eddy.spi;

import dev.eddy.Encoder;
import dev.eddy.streaming.OutputMode;

/**
 * What a sink may know of the query it serves.
 *
 * @param queryName the query's name, or null
 * @param encoder the encoder of the rows it receives
 * @param outputMode the query's output mode
 */
public record SinkContext<T>(String queryName, Encoder<T> encoder, OutputMode outputMode) {}
