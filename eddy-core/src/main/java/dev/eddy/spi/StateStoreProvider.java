package dev.eddy.spi;

/**
 * A state store backend for one partition of one operator. The engine creates one provider per
 * (operator, partition) with the backend's public no-argument constructor, calls {@link #init}
 * once, then {@link #getStore} once per batch. Backends are chosen by the session or query
 * setting {@code eddy.sql.streaming.stateStore.providerClass}: a {@link #shortName()} found
 * through {@code META-INF/services/dev.eddy.spi.StateStoreProvider}, or a class name.
 *
 * <p>Thread safety: {@link #getStore}, the store it returns and {@link #close} are used by one
 * thread at a time; {@link #doMaintenance} may run on a maintenance thread concurrently with a
 * batch and must synchronise with it.
 */
public interface StateStoreProvider extends AutoCloseable {
  /** The backend's short name, such as {@code "memory"}. */
  String shortName();

  /** Prepares the provider; called once before any other method. */
  void init(StateStoreContext context);

  /**
   * Opens committed version {@code version} (0: empty) for a batch.
   *
   * @throws IllegalStateException naming the partition, version and file when the version cannot
   *     be loaded
   */
  StateStore getStore(long version);

  /** Background work: snapshots, removal of files older than retention. */
  default void doMaintenance() {}

  /** Releases memory, files and native resources. */
  @Override
  void close();
}
