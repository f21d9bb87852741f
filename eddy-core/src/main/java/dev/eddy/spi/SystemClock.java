package dev.eddy.spi;

/** The wall clock: {@link System#currentTimeMillis()} and {@link Thread#sleep(long)}. */
final class SystemClock implements Clock {
  static final SystemClock INSTANCE = new SystemClock();

  private SystemClock() {}

  @Override
  public long getTimeMillis() {
    return System.currentTimeMillis();
  }

  @Override
  public long waitTillTime(long targetMs) throws InterruptedException {
    long now = System.currentTimeMillis();
    while (now < targetMs) {
      Thread.sleep(targetMs - now);
      now = System.currentTimeMillis();
    }
    return now;
  }
}
