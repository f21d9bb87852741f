package dev.eddy.spi;

/**
 * A clock that moves only when told to: {@link #advance(long)}. Tests inject it with {@code
 * EddySession.builder().clock(...)} to step processing-time triggers and timeouts exactly.
 *
 * <p>Thread safety: {@link #advance} wakes threads blocked in {@link #waitTillTime}.
 */
public final class ManualClock implements Clock {
  private long now;

  public ManualClock() {
    this(0);
  }

  public ManualClock(long startMs) {
    this.now = startMs;
  }

  @Override
  public synchronized long getTimeMillis() {
    return now;
  }

  /** Moves the clock forward by {@code ms} and wakes waiters. */
  public synchronized void advance(long ms) {
    if (ms < 0) {
      throw new IllegalArgumentException("A manual clock only moves forward: " + ms);
    }
    now += ms;
    notifyAll();
  }

  @Override
  public synchronized long waitTillTime(long targetMs) throws InterruptedException {
    while (now < targetMs) {
      wait();
    }
    return now;
  }
}
