package dev.eddy.bench;

import java.util.function.BooleanSupplier;
import java.util.function.LongSupplier;

/**
 * Waits for a running query to complete its batches, polling every millisecond, and prints {@link
 * #FIRST_BATCH_MARKER} on its own line as soon as the first batch completes, so a parent process can
 * time JVM start to first batch (W4) for either engine the same way.
 */
final class BatchWait {
  /** The line a child prints when its first batch has completed. */
  static final String FIRST_BATCH_MARKER = "EDDY-BENCH-FIRST-BATCH-DONE";

  private BatchWait() {}

  /**
   * Returns when {@code lastBatchId} reaches {@code batches - 1} or the query stops.
   *
   * @param active whether the query still runs
   * @param lastBatchId the id of the last completed batch, -1 before the first
   */
  static void until(BooleanSupplier active, LongSupplier lastBatchId, int batches) throws InterruptedException {
    boolean marked = false;
    while (active.getAsBoolean()) {
      long last = lastBatchId.getAsLong();
      if (last >= 0 && !marked) {
        System.out.println(FIRST_BATCH_MARKER);
        System.out.flush();
        marked = true;
      }
      if (last >= batches - 1) {
        return;
      }
      Thread.sleep(1);
    }
  }
}
