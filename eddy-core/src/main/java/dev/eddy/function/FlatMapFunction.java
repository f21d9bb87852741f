package dev.eddy.function;

import java.io.Serializable;
import java.util.Iterator;

/** Maps one value to zero or more values. Called once per row, on a worker thread. */
@FunctionalInterface
public interface FlatMapFunction<T, U> extends Serializable {
  Iterator<U> call(T value) throws Exception;
}
