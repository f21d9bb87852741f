/**
 * Service-provider interfaces: state store backends, sources, sinks and the clock.
 *
 * <p>Implementations are found by short name through {@link java.util.ServiceLoader} ({@code
 * META-INF/services}) or by class name. Every pluggable interface here has one abstract contract
 * test in {@code eddy-testkit} that each implementation runs. Depends on {@code dev.eddy} and
 * {@code dev.eddy.streaming} only.
 */
package dev.eddy.spi;
