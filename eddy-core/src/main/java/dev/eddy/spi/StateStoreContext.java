package dev.eddy.spi;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * Everything a state store provider is told when it is created for one partition of one
 * operator.
 *
 * @param storeDir the directory this partition's files belong in
 *     ({@code <checkpoint>/state/<operatorId>/<partitionId>}), or null when the query has no
 *     checkpoint and state lives only in memory
 * @param operatorName the operator as the user wrote it, for messages
 * @param operatorId the operator's position in the plan
 * @param partitionId the state partition
 * @param columnFamilies the key-value spaces the operator uses
 * @param conf the session's configuration (keys without prefix normalisation)
 */
public record StateStoreContext(
    Path storeDir,
    String operatorName,
    int operatorId,
    int partitionId,
    List<ColumnFamily<?, ?>> columnFamilies,
    Map<String, String> conf) {

  /**
   * The integer setting {@code key} of {@link #conf()}, or {@code defaultValue} when absent.
   *
   * @throws IllegalArgumentException naming the setting, the bad value and this partition when it
   *     is not an integer of at least {@code min}
   */
  public long longSetting(String key, long defaultValue, long min) {
    String v = conf.get(key);
    if (v == null) {
      return defaultValue;
    }
    try {
      long n = Long.parseLong(v.trim());
      if (n >= min) {
        return n;
      }
    } catch (NumberFormatException e) {
      // reported below with the accepted range
    }
    throw new IllegalArgumentException(
        "Setting '" + key + "' must be an integer of at least " + min + ", got '" + v + "' (" + describe() + ")");
  }

  /** The setting naming how many recent versions a durable store must be able to load. */
  public static final String MIN_BATCHES_TO_RETAIN = "eddy.sql.streaming.minBatchesToRetain";

  /** The setting naming how many versions may pass between two snapshots of a durable store. */
  public static final String MIN_DELTAS_FOR_SNAPSHOT = "eddy.sql.streaming.stateStore.minDeltasForSnapshot";

  /**
   * How many of the newest versions a durable store keeps loadable ({@link #MIN_BATCHES_TO_RETAIN},
   * default 100, as Spark's); older files may be deleted.
   *
   * @throws IllegalArgumentException naming the setting when it is not a positive integer
   */
  public int minBatchesToRetain() {
    return (int) longSetting(MIN_BATCHES_TO_RETAIN, 100, 1);
  }

  /**
   * After how many versions without one a durable store writes a snapshot ({@link
   * #MIN_DELTAS_FOR_SNAPSHOT}, default 10, as Spark's).
   *
   * @throws IllegalArgumentException naming the setting when it is not a positive integer
   */
  public int minDeltasForSnapshot() {
    return (int) longSetting(MIN_DELTAS_FOR_SNAPSHOT, 10, 1);
  }

  /** "operator 'x' partition n", for error messages. */
  public String describe() {
    return "operator '" + operatorName + "' (id " + operatorId + ") partition " + partitionId;
  }
}
