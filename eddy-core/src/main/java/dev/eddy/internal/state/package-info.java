/**
 * State store backends that ship with the core ({@code memory}), the provider registry, and the
 * timer index of timeouts. May depend on {@code dev.eddy.spi}, {@code dev.eddy.internal.codec} and
 * {@code dev.eddy.internal.checkpoint} (file writes).
 */
package dev.eddy.internal.state;
