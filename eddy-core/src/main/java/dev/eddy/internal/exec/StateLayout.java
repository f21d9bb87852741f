package dev.eddy.internal.exec;

import dev.eddy.AnalysisException;
import dev.eddy.internal.checkpoint.CheckpointIO;
import dev.eddy.internal.checkpoint.LogFile;
import dev.eddy.internal.codec.CodecSchema;
import dev.eddy.internal.codec.Codecs;
import dev.eddy.internal.codec.SchemaEvolution;
import dev.eddy.internal.conf.SessionConf;
import dev.eddy.internal.json.Json;
import dev.eddy.internal.plan.LogicalPlan;
import dev.eddy.internal.state.StateStoreProviders;
import dev.eddy.spi.ColumnFamily;
import dev.eddy.spi.StateStore;
import dev.eddy.spi.StateStoreContext;
import dev.eddy.spi.StateStoreProvider;
import dev.eddy.spi.StateTable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The stateful operator's part of the checkpoint ({@code state/0/}): its {@code _metadata} file
 * records the operator kind, timeout, key and state schemas, the number of partitions, the backend
 * and the version base (SEMANTICS C4), and one directory per partition holds that partition's
 * store files.
 *
 * <p>On restart the recorded layout is checked against the query's: a different operator kind,
 * timeout or key type fails the start naming what changed from what to what; a state type that
 * gained or lost fields is accepted (SchemaEvolution), one whose field changed type is not. A
 * different number of partitions or backend is accepted: the committed state is read through the
 * old layout and written into a new one, which replaces the old with directory renames; store
 * versions of the new layout start at 1, so {@code versionBase} maps batch ids to store versions.
 * A migration interrupted by a crash is undone on the next start.
 */
final class StateLayout {
  private static final String META = "_metadata";

  final StateStoreProvider[] providers;
  final long versionBase;

  private StateLayout(StateStoreProvider[] providers, long versionBase) {
    this.providers = providers;
    this.versionBase = versionBase;
  }

  /** Providers for a query without a checkpoint: in memory, version = batch id. */
  static StateLayout inMemory(LogicalPlan.FlatMapGroupsWithState node, SessionConf conf) {
    return new StateLayout(create(node, conf, conf.stateStoreProvider(), conf.shufflePartitions(), null), 0);
  }

  /**
   * Opens (creating, checking or migrating) the layout under {@code root} for a query whose
   * checkpoint has committed {@code committedVersion} batches.
   */
  static StateLayout open(Path root, LogicalPlan.FlatMapGroupsWithState node, SessionConf conf, long committedVersion) {
    Path dir = root.resolve("0");
    recoverInterruptedMigration(root);
    Map<String, Object> current = describe(node, conf);
    Path metaFile = dir.resolve(META);
    if (!Files.exists(metaFile)) {
      current.put("versionBase", 0L);
      CheckpointIO.get().writeAtomically(metaFile, LogFile.encode(Json.write(current)));
      return new StateLayout(create(node, conf, conf.stateStoreProvider(), conf.shufflePartitions(), dir), 0);
    }
    Map<String, Object> stored = Json.readObject(LogFile.decode(metaFile, CheckpointIO.get().read(metaFile)));
    checkCompatible(stored, current, metaFile);
    long base = ((Number) stored.get("versionBase")).longValue();
    int storedPartitions = ((Number) stored.get("numPartitions")).intValue();
    String storedBackend = (String) stored.get("backend");
    if (storedPartitions == conf.shufflePartitions() && storedBackend.equals(conf.stateStoreProvider())) {
      return new StateLayout(create(node, conf, storedBackend, storedPartitions, dir), base);
    }
    return migrate(root, node, conf, current, storedBackend, storedPartitions, committedVersion - base, committedVersion);
  }

  private static Map<String, Object> describe(LogicalPlan.FlatMapGroupsWithState node, SessionConf conf) {
    Map<String, Object> m = new LinkedHashMap<>();
    m.put("operator", node.isMapGroups() ? "mapGroupsWithState" : "flatMapGroupsWithState");
    m.put("timeout", node.timeout().toString());
    m.put("keySchema", schema(node.keyEncoder(), "key", node));
    m.put("stateSchema", schema(node.stateEncoder(), "state", node));
    m.put("numPartitions", (long) conf.shufflePartitions());
    m.put("backend", conf.stateStoreProvider());
    return m;
  }

  private static String schema(dev.eddy.Encoder<?> enc, String what, LogicalPlan.FlatMapGroupsWithState node) {
    try {
      return Codecs.forEncoder(enc).schema().toString();
    } catch (IllegalArgumentException e) {
      throw new AnalysisException(
          "The " + what + " type " + enc.clazz().getName() + " of " + node.name() + " cannot be stored in a checkpoint: "
              + e.getMessage(), e);
    }
  }

  private static void checkCompatible(Map<String, Object> stored, Map<String, Object> current, Path file) {
    for (String field : List.of("operator", "timeout", "keySchema")) {
      if (!String.valueOf(stored.get(field)).equals(String.valueOf(current.get(field)))) {
        throw new AnalysisException(
            "The stateful operator changed since the checkpoint was written (" + file + "): its " + field + " was "
                + stored.get(field) + " and is now " + current.get(field)
                + "; start with a new checkpointLocation or restore the previous query");
      }
    }
    CodecSchema was = CodecSchema.parse(String.valueOf(stored.get("stateSchema")));
    CodecSchema now = CodecSchema.parse(String.valueOf(current.get("stateSchema")));
    try {
      SchemaEvolution.check(was, now);
    } catch (IllegalArgumentException e) {
      throw new AnalysisException("The state type is incompatible with the checkpoint (" + file + "): " + e.getMessage(), e);
    }
  }

  private static StateStoreProvider[] create(
      LogicalPlan.FlatMapGroupsWithState node, SessionConf conf, String backend, int partitions, Path dir) {
    StateStoreProvider[] providers = new StateStoreProvider[partitions];
    List<ColumnFamily<?, ?>> families = List.of(StatefulOperator.stateColumnFamily(node));
    try {
      for (int p = 0; p < partitions; p++) {
        providers[p] = StateStoreProviders.create(backend, SessionConf.STATE_STORE_PROVIDER);
        providers[p].init(new StateStoreContext(
            dir == null ? null : dir.resolve(Integer.toString(p)), node.name(), 0, p, families, conf.asMap()));
      }
    } catch (RuntimeException e) {
      closeAll(providers);
      throw e instanceof IllegalArgumentException ? new AnalysisException(e.getMessage(), e) : e;
    }
    return providers;
  }

  /**
   * Reads committed store version {@code oldVersion} through the stored layout and writes it as
   * version 1 of the query's layout, then swaps the directories.
   */
  private static StateLayout migrate(
      Path root, LogicalPlan.FlatMapGroupsWithState node, SessionConf conf, Map<String, Object> current,
      String oldBackend, int oldPartitions, long oldVersion, long committedVersion) {
    Path dir = root.resolve("0");
    Path staging = root.resolve("0.new");
    CheckpointIO.deleteRecursively(staging);
    ColumnFamily<Object, Object> cf = StatefulOperator.stateColumnFamily(node);
    int partitions = conf.shufflePartitions();
    StateStoreProvider[] newProviders = create(node, conf, conf.stateStoreProvider(), partitions, staging);
    StateStore[] newStores = new StateStore[partitions];
    StateStoreProvider[] oldProviders = create(node, conf, oldBackend, oldPartitions, dir);
    try {
      for (int p = 0; p < partitions; p++) {
        newStores[p] = newProviders[p].getStore(0);
      }
      for (StateStoreProvider old : oldProviders) {
        StateStore store = old.getStore(oldVersion);
        StateTable<Object, Object> table = store.table(cf);
        for (Iterator<Map.Entry<Object, Object>> it = table.iterator(); it.hasNext(); ) {
          Map.Entry<Object, Object> e = it.next();
          int p = ShuffleBuffer.partition(ShuffleBuffer.hash(e.getKey()), partitions);
          newStores[p].table(cf).put(e.getKey(), e.getValue());
        }
        store.abort();
      }
      for (StateStore s : newStores) {
        s.commit();
      }
    } finally {
      closeAll(oldProviders);
      closeAll(newProviders);
    }
    current.put("versionBase", committedVersion - 1);
    CheckpointIO.get().writeAtomically(staging.resolve(META), LogFile.encode(Json.write(current)));
    Path old = root.resolve("0.old");
    try {
      Files.move(dir, old);
      Files.move(staging, dir);
      CheckpointIO.syncDirectory(root); // the swap must survive a power loss before batches commit on it
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot switch state layout in " + root + ": " + e.getMessage(), e);
    }
    CheckpointIO.deleteRecursively(old);
    return new StateLayout(create(node, conf, conf.stateStoreProvider(), partitions, dir), committedVersion - 1);
  }

  /** Undoes a migration that a crash interrupted before its directories were swapped. */
  private static void recoverInterruptedMigration(Path root) {
    Path dir = root.resolve("0");
    Path old = root.resolve("0.old");
    try {
      if (!Files.exists(dir) && Files.exists(old)) {
        Files.move(old, dir);
        CheckpointIO.syncDirectory(root);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot restore state directory " + dir + " from " + old, e);
    }
    CheckpointIO.deleteRecursively(old);
    CheckpointIO.deleteRecursively(root.resolve("0.new"));
  }

  private static void closeAll(StateStoreProvider[] providers) {
    for (StateStoreProvider p : providers) {
      if (p != null) {
        p.close();
      }
    }
  }
}
