package dev.eddy.spi;

/** Receives rows pushed by a source partition. */
@FunctionalInterface
public interface RowConsumer<T> {
  void accept(T row) throws Exception;
}
