package dev.eddy.function;

import java.io.Serializable;

/** Keeps a row when it returns true. Called once per row, on a worker thread. */
@FunctionalInterface
public interface FilterFunction<T> extends Serializable {
  /** Whether {@code value} is kept; see the package comment for threads and errors. */
  boolean call(T value) throws Exception;
}
