package dev.eddy.testkit.conformance;

import dev.eddy.Dataset;

import dev.eddy.Encoders;
import dev.eddy.KeyValueGroupedDataset;
import dev.eddy.streaming.GroupState;
import dev.eddy.streaming.GroupStateTimeout;
import dev.eddy.streaming.OutputMode;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Supplier;

/** The function catalogue of the conformance README, written against Eddy's API. */
public final class Catalogue implements FunctionCatalogue {

  public record CountOut(String key, long count) {}

  public record CountStatus(String key, long count, String status) {}

  public record SessionState(long start, long end, long count) {}

  public record SessionOut(String key, long start, long end, long count) {}

  public record SessionUpdate(String key, String kind, long count, long watermark) {}

  public record SumOut(String key, long v, long sum) {}

  public record RemoveAtOut(String key, long count, boolean removed) {}

  public record RearmState(long count, long ticks) {}

  public record RearmOut(String key, long count, long ticks, long watermark) {}

  public record KindExists(String key, String kind, boolean exists) {}

  public record ProbeOut(String key, String probe, String result) {}

  public record LateOut(String key, long count, long minTs) {}

  @Override
  public Dataset<?> build(Scenario s, Dataset<Event> events) {
    KeyValueGroupedDataset<String, Event> g = events.groupByKey(Event::key, Encoders.STRING());
    GroupStateTimeout timeout = timeout(s.timeout());
    OutputMode mode = OutputMode.fromString(s.outputMode());
    long gap = s.params().path("gapMs").asLong();
    switch (s.function()) {
      case "count":
        return g.mapGroupsWithState(
            (String key, Iterator<Event> rows, GroupState<Long> state) -> {
              long count = state.getOption().orElse(0L) + size(rows);
              state.update(count);
              return new CountOut(key, count);
            },
            Encoders.LONG(), Encoders.bean(CountOut.class), timeout);
      case "countWithProcTimeout": {
        long timeoutMs = s.params().path("timeoutMs").asLong();
        return g.mapGroupsWithState(
            (String key, Iterator<Event> rows, GroupState<Long> state) -> {
              if (state.hasTimedOut()) {
                long count = state.get();
                state.remove();
                return new CountStatus(key, count, "timeout");
              }
              long count = state.getOption().orElse(0L) + size(rows);
              state.update(count);
              state.setTimeoutDuration(timeoutMs);
              return new CountStatus(key, count, "active");
            },
            Encoders.LONG(), Encoders.bean(CountStatus.class), timeout);
      }
      case "removeAt": {
        long limit = s.params().path("limit").asLong();
        return g.mapGroupsWithState(
            (String key, Iterator<Event> rows, GroupState<Long> state) -> {
              long count = state.getOption().orElse(0L) + size(rows);
              if (count >= limit) {
                state.remove();
                return new RemoveAtOut(key, count, true);
              }
              state.update(count);
              return new RemoveAtOut(key, count, false);
            },
            Encoders.LONG(), Encoders.bean(RemoveAtOut.class), timeout);
      }
      case "sessionize":
        return g.flatMapGroupsWithState(
            (String key, Iterator<Event> rows, GroupState<SessionState> state) -> {
              if (state.hasTimedOut()) {
                SessionState old = state.get();
                state.remove();
                return List.of(new SessionOut(key, old.start(), old.end(), old.count())).iterator();
              }
              SessionState merged = merge(state, rows);
              state.update(merged);
              state.setTimeoutTimestamp(merged.end() + gap);
              return List.<SessionOut>of().iterator();
            },
            mode, Encoders.bean(SessionState.class), Encoders.bean(SessionOut.class), timeout);
      case "sessionUpdates":
        return g.flatMapGroupsWithState(
            (String key, Iterator<Event> rows, GroupState<SessionState> state) -> {
              if (state.hasTimedOut()) {
                SessionState old = state.get();
                state.remove();
                return List.of(new SessionUpdate(key, "closed", old.count(), state.getCurrentWatermarkMs())).iterator();
              }
              SessionState merged = merge(state, rows);
              state.update(merged);
              state.setTimeoutTimestamp(merged.end() + gap);
              return List.of(new SessionUpdate(key, "open", merged.count(), state.getCurrentWatermarkMs())).iterator();
            },
            mode, Encoders.bean(SessionState.class), Encoders.bean(SessionUpdate.class), timeout);
      case "runningSum":
        return g.flatMapGroupsWithState(
            (String key, Iterator<Event> rows, GroupState<Long> state) -> {
              long sum = state.getOption().orElse(0L);
              List<SumOut> out = new ArrayList<>();
              while (rows.hasNext()) {
                Event e = rows.next();
                sum += e.v();
                if (e.v() >= 0) {
                  out.add(new SumOut(key, e.v(), sum));
                }
              }
              state.update(sum);
              return out.iterator();
            },
            mode, Encoders.LONG(), Encoders.bean(SumOut.class), timeout);
      case "rearm": {
        long maxTicks = s.params().path("maxTicks").asLong();
        return g.flatMapGroupsWithState(
            (String key, Iterator<Event> rows, GroupState<RearmState> state) -> {
              if (state.hasTimedOut()) {
                RearmState old = state.get();
                long ticks = old.ticks() + 1;
                long wm = state.getCurrentWatermarkMs();
                if (ticks < maxTicks) {
                  state.update(new RearmState(old.count(), ticks));
                  state.setTimeoutTimestamp(wm + gap);
                } else {
                  state.remove();
                }
                return List.of(new RearmOut(key, old.count(), ticks, wm)).iterator();
              }
              long count = state.getOption().map(RearmState::count).orElse(0L);
              long maxTs = Long.MIN_VALUE;
              while (rows.hasNext()) {
                maxTs = Math.max(maxTs, rows.next().ts());
                count++;
              }
              state.update(new RearmState(count, 0));
              state.setTimeoutTimestamp(maxTs + gap);
              return List.<RearmOut>of().iterator();
            },
            mode, Encoders.bean(RearmState.class), Encoders.bean(RearmOut.class), timeout);
      }
      case "removeKeepsTimeout":
        return g.flatMapGroupsWithState(
            (String key, Iterator<Event> rows, GroupState<Long> state) -> {
              if (state.hasTimedOut()) {
                return List.of(new KindExists(key, "timeout", state.exists())).iterator();
              }
              long maxTs = Long.MIN_VALUE;
              while (rows.hasNext()) {
                maxTs = Math.max(maxTs, rows.next().ts());
              }
              state.remove();
              state.setTimeoutTimestamp(maxTs + gap);
              return List.of(new KindExists(key, "data", state.exists())).iterator();
            },
            mode, Encoders.LONG(), Encoders.bean(KindExists.class), timeout);
      case "probe":
        return g.flatMapGroupsWithState(
            (String key, Iterator<Event> rows, GroupState<Long> state) -> {
              List<ProbeOut> out = new ArrayList<>();
              out.add(probe(key, "setTimeoutDuration(1000)", () -> {
                state.setTimeoutDuration(1000);
                return null;
              }));
              out.add(probe(key, "setTimeoutTimestamp(1)", () -> {
                state.setTimeoutTimestamp(1);
                return null;
              }));
              out.add(probe(key, "update(null)", () -> {
                state.update(null);
                return null;
              }));
              out.add(probe(key, "get()", state::get));
              out.add(probe(key, "getCurrentWatermarkMs()", state::getCurrentWatermarkMs));
              state.update(state.getOption().orElse(0L) + size(rows));
              return out.iterator();
            },
            mode, Encoders.LONG(), Encoders.bean(ProbeOut.class), timeout);
      case "lateRows":
        return g.flatMapGroupsWithState(
            (String key, Iterator<Event> rows, GroupState<Long> state) -> {
              long count = state.getOption().orElse(0L);
              long minTs = Long.MAX_VALUE;
              long n = 0;
              while (rows.hasNext()) {
                minTs = Math.min(minTs, rows.next().ts());
                n++;
              }
              state.update(count + n);
              return n == 0 ? List.<LateOut>of().iterator() : List.of(new LateOut(key, count + n, minTs)).iterator();
            },
            mode, Encoders.LONG(), Encoders.bean(LateOut.class), timeout);
      default:
        throw new IllegalArgumentException("Scenario " + s.file() + ": unknown function '" + s.function() + "'");
    }
  }

  private static SessionState merge(GroupState<SessionState> state, Iterator<Event> rows) {
    SessionState old = state.getOption().orElse(null);
    long start = old == null ? Long.MAX_VALUE : old.start();
    long end = old == null ? Long.MIN_VALUE : old.end();
    long count = old == null ? 0 : old.count();
    while (rows.hasNext()) {
      Event e = rows.next();
      start = Math.min(start, e.ts());
      end = Math.max(end, e.ts());
      count++;
    }
    return new SessionState(start, end, count);
  }

  private static ProbeOut probe(String key, String name, Supplier<Object> action) {
    try {
      action.get();
      return new ProbeOut(key, name, "ok");
    } catch (RuntimeException e) {
      return new ProbeOut(key, name, ConformanceRunner.errorClass(e));
    }
  }

  private static long size(Iterator<?> rows) {
    long n = 0;
    for (; rows.hasNext(); rows.next()) {
      n++;
    }
    return n;
  }

  static GroupStateTimeout timeout(String name) {
    switch (name) {
      case "NoTimeout":
        return GroupStateTimeout.NoTimeout();
      case "ProcessingTimeTimeout":
        return GroupStateTimeout.ProcessingTimeTimeout();
      case "EventTimeTimeout":
        return GroupStateTimeout.EventTimeTimeout();
      default:
        throw new IllegalArgumentException("Unknown timeout '" + name + "'");
    }
  }

}
