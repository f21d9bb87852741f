package dev.eddy.internal.exec;

import dev.eddy.internal.ApiAccess;
import dev.eddy.internal.checkpoint.QueryCheckpoint;
import dev.eddy.internal.plan.LogicalPlan;
import dev.eddy.internal.plan.QueryPlan;
import dev.eddy.spi.Clock;
import dev.eddy.spi.Offset;
import dev.eddy.spi.Sink;
import dev.eddy.spi.Source;
import dev.eddy.streaming.StreamingQuery;
import dev.eddy.streaming.StreamingQueryException;
import dev.eddy.streaming.StreamingQueryListener;
import dev.eddy.streaming.StreamingQueryManager;
import dev.eddy.streaming.StreamingQueryProgress;
import dev.eddy.streaming.Trigger;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A running query: its own thread drives {@link MicroBatchExecution} according to the trigger.
 *
 * <p>Thread safety: the public methods may be called from any thread. They coordinate with the
 * query thread through {@code lock}: the query thread marks when it is inside a batch (a stop
 * never interrupts a batch half-way; it waits for it), when it found nothing to do (idle), and
 * which clock time it is waiting for.
 */
public final class StreamingQueryImpl implements StreamingQuery {
  private static final Logger LOG = LoggerFactory.getLogger(StreamingQueryImpl.class);

  private final UUID id;
  private final UUID runId = UUID.randomUUID();
  private final String name;
  private final LogicalPlan root;
  private final QueryPlan plan;
  private final Trigger trigger;
  private final Clock clock;
  private final long pollMs;
  private final Source<Object> source;
  private final Sink<Object> sink;
  private final StatefulOperator operator;
  private final QueryCheckpoint checkpoint;
  private final MicroBatchExecution execution;
  private final ProgressReporter progress;
  private final StreamingQueryManager manager;
  private final Thread thread;
  private final long maintenanceIntervalMs;
  private ScheduledExecutorService maintenance;

  private final Object lock = new Object();
  private volatile boolean active = true;
  private volatile boolean stopRequested;
  private boolean inBatch;
  private long requests;
  private long idleAfterRequest = -1;
  private long waitingForMs = Long.MIN_VALUE;
  private volatile StreamingQueryException exception;

  StreamingQueryImpl(QueryParts parts) {
    this.name = parts.name();
    this.root = parts.root();
    this.plan = parts.plan();
    this.trigger = parts.trigger();
    this.clock = parts.clock();
    this.pollMs = parts.pollMs();
    this.source = parts.source();
    this.sink = parts.sink();
    this.operator = parts.operator();
    this.checkpoint = parts.checkpoint();
    this.id = checkpoint.queryId();
    this.manager = parts.manager();
    this.maintenanceIntervalMs = parts.maintenanceIntervalMs();
    this.execution = new MicroBatchExecution(
        plan, source, sink, operator, parts.watermarks(), checkpoint, parts.workers(), parts.noDataBatches());
    this.progress = new ProgressReporter(
        id, runId, name, plan.source().describe(), parts.sinkDescription(), parts.retainedProgress(),
        parts.growthWarningBatches());
    this.thread = new Thread(this::runLoop, "eddy-query-" + (name != null ? name : id.toString().substring(0, 8)));
    this.thread.setDaemon(true);
  }

  /** Everything a query is made of, assembled by {@link QueryStarter}. */
  record QueryParts(
      String name,
      LogicalPlan root,
      QueryPlan plan,
      Trigger trigger,
      Clock clock,
      long pollMs,
      Source<Object> source,
      Sink<Object> sink,
      String sinkDescription,
      StatefulOperator operator,
      WatermarkTracker watermarks,
      QueryCheckpoint checkpoint,
      ExecutorService workers,
      boolean noDataBatches,
      int retainedProgress,
      int growthWarningBatches,
      long maintenanceIntervalMs,
      StreamingQueryManager manager) {}

  void start() {
    ApiAccess.queries().register(manager, this);
    if (operator != null) {
      maintenance = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, thread.getName() + "-maintenance");
        t.setDaemon(true);
        return t;
      });
      maintenance.scheduleWithFixedDelay(
          this::maintain, maintenanceIntervalMs, maintenanceIntervalMs, TimeUnit.MILLISECONDS);
    }
    thread.start();
  }

  /** Runs the state stores' background work (snapshots, cleanup); a failure is logged, not fatal. */
  private void maintain() {
    try {
      operator.doMaintenance();
    } catch (RuntimeException e) {
      LOG.warn("State maintenance of query {} failed (will retry): {}", describe(), e.toString(), e);
    }
  }

  private void runLoop() {
    for (StreamingQueryListener l : manager.listListeners()) {
      safely(() -> l.onQueryStarted(new StreamingQueryListener.QueryStartedEvent(id, runId, name)));
    }
    try {
      switch (trigger.kind()) {
        case DEFAULT:
          runContinuously();
          break;
        case PROCESSING_TIME:
          runOnInterval(trigger.intervalMs());
          break;
        case ONCE:
        case AVAILABLE_NOW:
          runAvailable(trigger.kind() == Trigger.Kind.ONCE);
          break;
        default:
          throw new IllegalStateException("Unknown trigger " + trigger);
      }
    } catch (InterruptedException e) {
      if (!stopRequested) {
        fail(e);
      }
    } catch (Throwable t) {
      fail(t);
    } finally {
      shutdown();
    }
  }

  private void runContinuously() throws Exception {
    while (!stopRequested) {
      long seen;
      synchronized (lock) {
        seen = requests;
      }
      boolean ran = runBatch(clock.getTimeMillis(), null);
      if (!ran) {
        synchronized (lock) {
          idleAfterRequest = Math.max(idleAfterRequest, seen);
          lock.notifyAll();
          if (requests == seen && !stopRequested) {
            lock.wait(pollMs);
          }
        }
      }
    }
  }

  private void runOnInterval(long intervalMs) throws Exception {
    while (!stopRequested) {
      long now = clock.getTimeMillis();
      long seen;
      synchronized (lock) {
        seen = requests;
      }
      runBatch(now, null);
      long next = (now / intervalMs + 1) * intervalMs;
      synchronized (lock) {
        idleAfterRequest = Math.max(idleAfterRequest, seen);
        waitingForMs = next;
        lock.notifyAll();
      }
      try {
        clock.waitTillTime(next);
      } finally {
        synchronized (lock) {
          waitingForMs = Long.MIN_VALUE;
        }
      }
    }
  }

  private void runAvailable(boolean once) throws Exception {
    if (once) {
      runBatch(clock.getTimeMillis(), source.latestOffset());
      return;
    }
    source.prepareForAvailableNow();
    while (!stopRequested && runBatch(clock.getTimeMillis(), null)) {
      // batches follow each other until the source has nothing more and no no-data batch is due
    }
  }

  /** Runs one batch if due; returns whether one ran. */
  private boolean runBatch(long timestampMs, Offset limit) throws Exception {
    synchronized (lock) {
      if (stopRequested) {
        return false;
      }
      inBatch = true;
    }
    try {
      long start = System.nanoTime();
      MicroBatchExecution.BatchRun run = execution.runOneBatch(timestampMs, limit);
      if (run == null) {
        return false;
      }
      StreamingQueryProgress p = progress.report(run, operator, source.metrics(), start, System.nanoTime());
      for (StreamingQueryListener l : manager.listListeners()) {
        safely(() -> l.onQueryProgress(new StreamingQueryListener.QueryProgressEvent(p)));
      }
      return true;
    } finally {
      synchronized (lock) {
        inBatch = false;
      }
    }
  }

  private void fail(Throwable t) {
    String message = "Query " + describe() + " terminated with exception: " + t.getMessage();
    exception = new StreamingQueryException(message, t, null, null);
    LOG.error(message, t);
  }

  private void shutdown() {
    safely(source::stop);
    safely(sink::stop);
    if (maintenance != null) {
      maintenance.shutdown(); // a running snapshot finishes; interrupting it would only leave a temporary file
      try {
        maintenance.awaitTermination(30, TimeUnit.SECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    if (operator != null) {
      safely(operator::close);
    }
    safely(checkpoint::close);
    synchronized (lock) {
      active = false;
      lock.notifyAll();
    }
    String error = exception == null ? null : exception.getMessage();
    for (StreamingQueryListener l : manager.listListeners()) {
      safely(() -> l.onQueryTerminated(new StreamingQueryListener.QueryTerminatedEvent(id, runId, error)));
    }
    ApiAccess.queries().notifyTerminated(manager);
  }

  private static void safely(Runnable r) {
    try {
      r.run();
    } catch (RuntimeException e) {
      LOG.warn("Ignored error while stopping or notifying: {}", e.toString(), e);
    }
  }

  private String describe() {
    return "[id = " + id + ", runId = " + runId + (name == null ? "" : ", name = " + name) + "]";
  }

  @Override
  public UUID id() {
    return id;
  }

  @Override
  public UUID runId() {
    return runId;
  }

  @Override
  public String name() {
    return name;
  }

  @Override
  public boolean isActive() {
    return active;
  }

  @Override
  public void awaitTermination() throws StreamingQueryException {
    try {
      thread.join();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    throwIfFailed();
  }

  @Override
  public boolean awaitTermination(long timeoutMs) throws StreamingQueryException {
    try {
      thread.join(Math.max(1, timeoutMs));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    throwIfFailed();
    return !thread.isAlive();
  }

  private void throwIfFailed() throws StreamingQueryException {
    if (exception != null) {
      throw exception;
    }
  }

  @Override
  public void stop() {
    stopRequested = true;
    synchronized (lock) {
      if (!inBatch) {
        thread.interrupt();
      }
      lock.notifyAll();
    }
    if (Thread.currentThread() != thread) {
      try {
        thread.join();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
  }

  @Override
  public void processAllAvailable() throws StreamingQueryException {
    synchronized (lock) {
      long request = ++requests;
      lock.notifyAll();
      while (active && idleAfterRequest < request) {
        try {
          lock.wait(100);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
    throwIfFailed();
  }

  /**
   * For a processing-time trigger on a manual clock: waits until the query has run every trigger
   * due at the clock's current time and waits for a later one (or has stopped).
   */
  public void awaitTriggerIdle() throws StreamingQueryException {
    synchronized (lock) {
      while (active && waitingForMs <= clock.getTimeMillis()) {
        try {
          lock.wait(50);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          return;
        }
      }
    }
    throwIfFailed();
  }

  @Override
  public StreamingQueryProgress lastProgress() {
    return progress.last();
  }

  @Override
  public StreamingQueryProgress[] recentProgress() {
    return progress.recent();
  }

  @Override
  public Optional<StreamingQueryException> exception() {
    return Optional.ofNullable(exception);
  }

  @Override
  public void explain() {
    System.out.println(explainString());
  }

  @Override
  public void explain(boolean extended) {
    System.out.println(explainString() + (extended ? "trigger: " + trigger + "\nstate partitions: "
        + (operator == null ? 0 : operator.numPartitions()) + "\n" : ""));
  }

  @Override
  public String explainString() {
    return "== Plan ==\n" + LogicalPlan.tree(root);
  }

  /** The id of the next batch to run. */
  public long nextBatchId() {
    return execution.nextBatchId();
  }
}
