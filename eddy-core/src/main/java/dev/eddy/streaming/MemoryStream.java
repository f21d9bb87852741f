package dev.eddy.streaming;

import dev.eddy.Dataset;
import dev.eddy.EddySession;
import dev.eddy.Encoder;
import dev.eddy.internal.ApiAccess;
import dev.eddy.internal.plan.LogicalPlan;
import dev.eddy.spi.InputPartition;
import dev.eddy.spi.LongOffset;
import dev.eddy.spi.Offset;
import dev.eddy.spi.RowConsumer;
import dev.eddy.spi.Source;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * A source for tests that the test feeds by hand: each {@link #addData} call appends one offset;
 * a batch reads every offset added since the previous batch, in order, as one partition. With the
 * default trigger and {@code processAllAvailable()} after each add, each add is one batch.
 *
 * <p>Thread safety: {@link #addData} may be called from any thread while the query runs.
 *
 * @param <T> the row type
 */
public final class MemoryStream<T> implements Source<T> {
  private final EddySession session;
  private final Encoder<T> encoder;
  private final List<List<T>> batches = new ArrayList<>();

  public MemoryStream(EddySession session, Encoder<T> encoder) {
    this.session = session;
    this.encoder = encoder;
  }

  /** A new memory stream of rows encoded by {@code encoder}. */
  public static <T> MemoryStream<T> of(EddySession session, Encoder<T> encoder) {
    return new MemoryStream<>(session, encoder);
  }

  /** Appends rows as one new offset; returns that offset. */
  @SafeVarargs
  public final long addData(T... rows) {
    return addData(Arrays.asList(rows));
  }

  /** Appends rows as one new offset; returns that offset. */
  public synchronized long addData(List<T> rows) {
    batches.add(List.copyOf(rows));
    return batches.size() - 1;
  }

  /** The stream as a dataset. */
  @SuppressWarnings("unchecked")
  public Dataset<T> toDS() {
    LogicalPlan plan = new LogicalPlan.StreamSource("memory", Map.of(), encoder, null, () -> this);
    return (Dataset<T>) ApiAccess.get().dataset(session, plan);
  }

  @Override
  public synchronized Offset latestOffset() {
    return batches.isEmpty() ? null : new LongOffset(batches.size() - 1);
  }

  @Override
  public synchronized List<InputPartition<T>> planInputPartitions(Offset start, Offset end) {
    int from = start == null ? 0 : (int) ((LongOffset) start).value() + 1;
    int to = (int) ((LongOffset) end).value();
    List<T> rows = new ArrayList<>();
    for (int i = from; i <= to; i++) {
      rows.addAll(batches.get(i));
    }
    InputPartition<T> part = (RowConsumer<? super T> out) -> {
      for (T row : rows) {
        out.accept(row);
      }
    };
    return List.of(part);
  }

  @Override
  public Offset deserializeOffset(String json) {
    return LongOffset.parse(json);
  }
}
