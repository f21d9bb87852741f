package dev.eddy.function;

import java.io.Serializable;
import java.util.Iterator;

/** Maps one value to zero or more values. Called once per row, on a worker thread. */
@FunctionalInterface
public interface FlatMapFunction<T, U> extends Serializable {
  /** The values {@code value} maps to, possibly none; see the package comment for threads and errors. */
  Iterator<U> call(T value) throws Exception;
}
