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

  /** "operator 'x' partition n", for error messages. */
  public String describe() {
    return "operator '" + operatorName + "' (id " + operatorId + ") partition " + partitionId;
  }
}
