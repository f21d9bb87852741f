package dev.eddy.function;

import java.io.Serializable;

/** A two-argument function returning nothing, used by {@code foreachBatch(batch, batchId)}. */
@FunctionalInterface
public interface VoidFunction2<T1, T2> extends Serializable {
  void call(T1 first, T2 second) throws Exception;
}
