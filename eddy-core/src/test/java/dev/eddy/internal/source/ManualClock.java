package dev.eddy.internal.source;

import dev.eddy.spi.Clock;

/** A clock the test moves by hand. */
final class ManualClock implements Clock {
  private long now;

  ManualClock(long now) {
    this.now = now;
  }

  void advance(long millis) {
    now += millis;
  }

  @Override
  public long getTimeMillis() {
    return now;
  }

  @Override
  public long waitTillTime(long targetMs) {
    now = Math.max(now, targetMs);
    return now;
  }
}
