package dev.eddy.internal.conf;

import dev.eddy.spi.StateStoreContext;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The settings of a session. Keys use Eddy's names ({@code eddy.sql.shuffle.partitions}); Spark's
 * names ({@code spark.sql.shuffle.partitions}) are accepted for the same settings so that ported
 * code keeps working. An unknown {@code eddy.} key, or a malformed value, is rejected naming the
 * key; other {@code spark.} keys are ignored (Spark has many that mean nothing here).
 *
 * <p>Thread safety: immutable.
 */
public final class SessionConf {
  public static final String SHUFFLE_PARTITIONS = "eddy.sql.shuffle.partitions";
  public static final String STATE_STORE_PROVIDER = "eddy.sql.streaming.stateStore.providerClass";
  public static final String NO_DATA_MICRO_BATCHES = "eddy.sql.streaming.noDataMicroBatches.enabled";
  public static final String CHECKPOINT_LOCATION = "eddy.sql.streaming.checkpointLocation";
  public static final String MULTIPLE_WATERMARK_POLICY = "eddy.sql.streaming.multipleWatermarkPolicy";
  public static final String NUM_RECENT_PROGRESS = "eddy.sql.streaming.numRecentProgressUpdates";
  public static final String POLLING_DELAY = "eddy.sql.streaming.pollingDelay";
  public static final String STATE_GROWTH_WARNING_BATCHES = "eddy.sql.streaming.stateGrowthWarningBatches";
  public static final String WORKER_THREADS = "eddy.workerThreads";
  /** Backend settings live under this prefix and are passed to the backend as they are. */
  public static final String STATE_STORE_PREFIX = "eddy.sql.streaming.stateStore.";
  public static final String MIN_BATCHES_TO_RETAIN = StateStoreContext.MIN_BATCHES_TO_RETAIN;
  public static final String MAINTENANCE_INTERVAL = "eddy.sql.streaming.stateStore.maintenanceInterval";

  private static final Set<String> KNOWN =
      Set.of(
          SHUFFLE_PARTITIONS, STATE_STORE_PROVIDER, NO_DATA_MICRO_BATCHES, CHECKPOINT_LOCATION,
          MULTIPLE_WATERMARK_POLICY, NUM_RECENT_PROGRESS, POLLING_DELAY, STATE_GROWTH_WARNING_BATCHES,
          WORKER_THREADS, MIN_BATCHES_TO_RETAIN);

  private final Map<String, String> values;

  public SessionConf(Map<String, String> raw) {
    Map<String, String> v = new LinkedHashMap<>();
    raw.forEach((k, val) -> {
      String key = normalise(k);
      if (key != null) {
        v.put(key, val);
      }
    });
    this.values = Collections.unmodifiableMap(v);
    shufflePartitions();
    noDataMicroBatches();
    maxWatermarkPolicy();
    numRecentProgress();
    pollingDelayMs();
    stateGrowthWarningBatches();
    workerThreads();
    minBatchesToRetain();
    maintenanceIntervalMs();
  }

  /**
   * Eddy's name for {@code key}; null for a Spark setting Eddy does not have.
   *
   * @throws IllegalArgumentException naming the key when it is an unknown Eddy setting
   */
  public static String normalise(String key) {
    String k = key.startsWith("spark.") ? "eddy." + key.substring("spark.".length()) : key;
    if (KNOWN.contains(k) || k.startsWith(STATE_STORE_PREFIX)) {
      return k;
    }
    if (key.startsWith("spark.")) {
      return null;
    }
    if (k.startsWith("eddy.")) {
      Set<String> sorted = new TreeSet<>(KNOWN);
      throw new IllegalArgumentException("Unknown setting '" + key + "'; known settings: " + sorted);
    }
    return k;
  }

  /** All settings under Eddy's names. */
  public Map<String, String> asMap() {
    return values;
  }

  public String get(String key, String defaultValue) {
    return values.getOrDefault(key, defaultValue);
  }

  /** A copy with {@code overrides} (query-level settings) applied. */
  public SessionConf with(Map<String, String> overrides) {
    Map<String, String> m = new LinkedHashMap<>(values);
    overrides.forEach((k, v) -> {
      String key = normalise(k);
      if (key != null) {
        m.put(key, v);
      }
    });
    return new SessionConf(m);
  }

  public int shufflePartitions() {
    return (int) positive(SHUFFLE_PARTITIONS, Math.max(2, Runtime.getRuntime().availableProcessors()));
  }

  public String stateStoreProvider() {
    return get(STATE_STORE_PROVIDER, "memory");
  }

  public boolean noDataMicroBatches() {
    return bool(NO_DATA_MICRO_BATCHES, true);
  }

  public String checkpointLocation() {
    return values.get(CHECKPOINT_LOCATION);
  }

  /** True for the {@code max} policy, false for {@code min} (the default). */
  public boolean maxWatermarkPolicy() {
    String v = get(MULTIPLE_WATERMARK_POLICY, "min").toLowerCase(Locale.ROOT);
    if (!v.equals("min") && !v.equals("max")) {
      throw new IllegalArgumentException("Setting '" + MULTIPLE_WATERMARK_POLICY + "' must be min or max, got '" + v + "'");
    }
    return v.equals("max");
  }

  public int numRecentProgress() {
    return (int) positive(NUM_RECENT_PROGRESS, 100);
  }

  public long pollingDelayMs() {
    return millis(POLLING_DELAY, 10);
  }

  public int stateGrowthWarningBatches() {
    return (int) positive(STATE_GROWTH_WARNING_BATCHES, 20);
  }

  /** Batches of logs and state versions kept in a checkpoint (Spark's minBatchesToRetain). */
  public int minBatchesToRetain() {
    return (int) positive(MIN_BATCHES_TO_RETAIN, 100);
  }

  /** How often state stores run their background maintenance, in milliseconds. */
  public long maintenanceIntervalMs() {
    return millis(MAINTENANCE_INTERVAL, 5000);
  }

  public int workerThreads() {
    return (int) positive(WORKER_THREADS, Runtime.getRuntime().availableProcessors());
  }

  private long positive(String key, long defaultValue) {
    return positive(key, defaultValue, false);
  }

  /** A duration setting: a positive number of milliseconds, written with or without "ms". */
  private long millis(String key, long defaultValue) {
    return positive(key, defaultValue, true);
  }

  private long positive(String key, long defaultValue, boolean millis) {
    String v = values.get(key);
    if (v == null) {
      return defaultValue;
    }
    long n;
    try {
      String text = v.trim();
      n = Long.parseLong(millis && text.endsWith("ms") ? text.substring(0, text.length() - 2).trim() : text);
    } catch (NumberFormatException e) {
      throw new IllegalArgumentException("Setting '" + key + "' must be a positive integer, got '" + v + "'", e);
    }
    if (n <= 0) {
      throw new IllegalArgumentException("Setting '" + key + "' must be a positive integer, got '" + v + "'");
    }
    return n;
  }

  private boolean bool(String key, boolean defaultValue) {
    String v = values.get(key);
    if (v == null) {
      return defaultValue;
    }
    if (v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false")) {
      return Boolean.parseBoolean(v);
    }
    throw new IllegalArgumentException("Setting '" + key + "' must be true or false, got '" + v + "'");
  }
}
