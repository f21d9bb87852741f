package dev.eddy.function;

import java.io.Serializable;

/** Maps one value to one value. Called once per row, on a worker thread. */
@FunctionalInterface
public interface MapFunction<T, U> extends Serializable {
  U call(T value) throws Exception;
}
