package dev.eddy.function;

import java.io.Serializable;

/** Keeps a row when it returns true. Called once per row, on a worker thread. */
@FunctionalInterface
public interface FilterFunction<T> extends Serializable {
  boolean call(T value) throws Exception;
}
