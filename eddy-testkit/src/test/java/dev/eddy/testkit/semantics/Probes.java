package dev.eddy.testkit.semantics;

import dev.eddy.Encoder;
import dev.eddy.Encoders;
import dev.eddy.streaming.StateOperatorProgress;
import dev.eddy.streaming.StreamingQuery;
import dev.eddy.testkit.Batch;
import dev.eddy.testkit.StreamDriver;
import dev.eddy.testkit.conformance.Event;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.concurrent.Callable;

/** Small helpers shared by the SEMANTICS rule tests: probing a state handle, reading batches. */
public final class Probes {
  private Probes() {}

  /** What one probe of a {@code GroupState} call gave: "ok", a value, or the exception's class. */
  public record Out(String key, String probe, String result) {}

  static final Encoder<Event> EVENTS = Encoders.bean(Event.class);

  /** Runs {@code action}; "ok" when it returns null, its value as text, or the simple name of what it threw. */
  static Out probe(String key, String name, Callable<?> action) {
    try {
      Object v = action.call();
      return new Out(key, name, v == null ? "ok" : String.valueOf(v));
    } catch (Exception e) {
      return new Out(key, name, e.getClass().getSimpleName());
    }
  }

  /** Runs a void action for {@link #probe}. */
  static Callable<Object> run(Runnable r) {
    return () -> {
      r.run();
      return null;
    };
  }

  static Event ev(String key, long ts) {
    return new Event(key, ts, 1);
  }

  static Event ev(String key, long ts, long v) {
    return new Event(key, ts, v);
  }

  static long count(Iterator<?> rows) {
    long n = 0;
    for (; rows.hasNext(); rows.next()) {
      n++;
    }
    return n;
  }

  /** The rows of batch {@code batchId}; fails when that batch did not run. */
  static <T> List<T> rowsOf(StreamDriver<?, T> d, long batchId) {
    for (Batch<T> b : d.batches()) {
      if (b.batchId() == batchId) {
        return b.rows();
      }
    }
    throw new AssertionError("Batch " + batchId + " did not run; batches: " + d.batches());
  }

  /** The ids of every batch so far. */
  static List<Long> batchIds(StreamDriver<?, ?> d) {
    List<Long> ids = new ArrayList<>();
    for (Batch<?> b : d.batches()) {
      ids.add(b.batchId());
    }
    return ids;
  }

  /** The stateful operator's progress in the last batch. */
  static StateOperatorProgress lastOperator(StreamingQuery q) {
    return q.lastProgress().stateOperators()[0];
  }
}
