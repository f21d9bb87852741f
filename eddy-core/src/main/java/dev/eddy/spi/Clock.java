package dev.eddy.spi;

/**
 * The time source of a query: batch timestamps, processing-time triggers and processing-time
 * timeouts all read it. Injected through {@code EddySession.builder().clock(...)} so tests step a
 * query with a manual clock.
 *
 * <p>Thread safety: implementations must allow one thread to wait while others read or advance.
 */
public interface Clock {
  /** Current time in epoch milliseconds. */
  long getTimeMillis();

  /**
   * Blocks until the clock reads at least {@code targetMs}; returns the time then.
   *
   * @throws InterruptedException when the waiting thread is interrupted (the query is stopping)
   */
  long waitTillTime(long targetMs) throws InterruptedException;

  /** The wall clock. */
  static Clock system() {
    return SystemClock.INSTANCE;
  }
}
