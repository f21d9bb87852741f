/**
 * The machinery of the file formats: source and sink providers (registered through {@code
 * META-INF/services}), the source's file log, the sink's metadata log, line parsers and writers
 * for JSON and CSV. Private by contract: only {@code dev.eddy.files} may
 * use it. May depend on {@code dev.eddy}, {@code dev.eddy.spi}, {@code
 * dev.eddy.internal.codec} (to read the fields of a declared schema), {@code
 * dev.eddy.internal.checkpoint} (atomic, durable file writes), {@code dev.eddy.internal.time} and
 * Jackson.
 */
package dev.eddy.files.internal;
