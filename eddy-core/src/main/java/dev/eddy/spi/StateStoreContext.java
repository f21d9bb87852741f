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

  /** "operator 'x' partition n", for error messages. */
  public String describe() {
    return "operator '" + operatorName + "' (id " + operatorId + ") partition " + partitionId;
  }
}
