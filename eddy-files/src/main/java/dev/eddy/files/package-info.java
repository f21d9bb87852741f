/**
 * File sources and sinks for Eddy. Add this module to the class path and the formats {@code json},
 * {@code csv} and {@code text} become available to {@code readStream().format(...)}, and {@code
 * json} and {@code csv} to {@code writeStream().format(...)}. The only type users call directly is
 * {@link dev.eddy.files.FileSinkReader}, which reads a sink directory's committed output; the
 * providers and their machinery live in {@code dev.eddy.files.internal}.
 *
 * <p>May depend on {@code dev.eddy}, {@code dev.eddy.spi} and {@code dev.eddy.files.internal}.
 */
package dev.eddy.files;
