package dev.eddy.function;

import java.io.Serializable;

/** A two-argument function returning nothing, used by {@code foreachBatch(batch, batchId)}. */
@FunctionalInterface
public interface VoidFunction2<T1, T2> extends Serializable {
  /** Acts on the two arguments; see the package comment for threads and errors. */
  void call(T1 first, T2 second) throws Exception;
}
