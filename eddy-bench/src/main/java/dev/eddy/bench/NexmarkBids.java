package dev.eddy.bench;

/**
 * A Nexmark-style event stream (W5) as a pure function of the event number, so that both engines
 * derive the same events from the {@code rate-micro-batch} source's {@code value}: of every 50
 * events 1 is a new person, 3 are auctions and 46 are bids; event {@code n} happens at {@code n /
 * 10} ms (10,000 events per second of event time). A bid comes from the current hot bidder with
 * probability 3/4 (a new hot bidder every 100 persons) and otherwise from one of the {@code active}
 * most recent persons (or up to 10 persons ahead of them), the mix and skew of the Nexmark
 * generator. "Random" choices are a fixed hash of {@code n}.
 */
final class NexmarkBids {
  private static final long EVENTS_PER_PERSON = 50;
  private static final long NON_BIDS = 4;
  private static final long HOT_BIDDER_EVERY = 100;
  private static final long HOT_BIDS_OUT_OF = 4;
  private static final long PERSON_ID_LEAD = 10;
  private static final long FIRST_PERSON_ID = 1000;

  private NexmarkBids() {}

  /** Whether event {@code n} is a bid. */
  static boolean isBid(long n) {
    return n % EVENTS_PER_PERSON >= NON_BIDS;
  }

  /** The event time of event {@code n}, in epoch milliseconds. */
  static long eventTimeMs(long n) {
    return n / 10;
  }

  /** The person id of bid {@code n}'s bidder, given {@code active} recent persons. */
  static long bidder(long n, long active) {
    long h = mix(n);
    long lastPerson = n / EVENTS_PER_PERSON;
    if (Long.remainderUnsigned(h, HOT_BIDS_OUT_OF) > 0) {
      return FIRST_PERSON_ID + lastPerson / HOT_BIDDER_EVERY * HOT_BIDDER_EVERY + 1;
    }
    long people = lastPerson + 1;
    long window = Math.min(people, active);
    return FIRST_PERSON_ID + people - window + Long.remainderUnsigned(h >>> 8, window + PERSON_ID_LEAD);
  }

  /** SplitMix64's finalizer: a well-mixed hash of {@code n}. */
  private static long mix(long n) {
    long z = n + 0x9E3779B97F4A7C15L;
    z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
    z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
    return z ^ (z >>> 31);
  }
}
