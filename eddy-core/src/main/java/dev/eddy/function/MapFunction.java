package dev.eddy.function;

import java.io.Serializable;

/** Maps one value to one value. Called once per row, on a worker thread. */
@FunctionalInterface
public interface MapFunction<T, U> extends Serializable {
  /** The value {@code value} maps to; see the package comment for threads and errors. */
  U call(T value) throws Exception;
}
