package dev.eddy.bench.jmh;

import dev.eddy.internal.exec.KeyGrouper;
import dev.eddy.internal.exec.ShuffleBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

/**
 * Key grouping of one W1-shaped batch on one thread: {@code rows} rows with key {@code value %
 * keys} (a string) read by two map tasks, hash-partitioned into two state partitions, then grouped
 * per partition and every group's rows iterated — by the engine ({@link ShuffleBuffer} map-side
 * groups merged by {@link KeyGrouper}, buffers reused from batch to batch as the engine does) and by
 * a baseline in the same run that collects each partition's rows in a {@code HashMap<key,
 * ArrayList>}. The key strings are built once in setup (so their hash codes are cached: the cost
 * measured is the grouping, not {@code Long.toString}). A wrong number of groups or rows throws.
 * Time is per batch.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
public class KeyGroupingBench {
  private static final int TASKS = 2;
  private static final int PARTITIONS = 2;

  /** Which implementation is measured. */
  @Param({"eddy", "hashMap"})
  public String impl;

  /** Distinct keys. */
  @Param({"1000", "100000", "1000000"})
  public int keys;

  /** Rows per batch. */
  @Param({"1000000"})
  public int rows;

  private String[] rowKeys;
  private ShuffleBuffer[][] buffers;
  private KeyGrouper[] groupers;

  /** Builds the rows' keys and the reusable buffers. */
  @Setup
  public void setUp() {
    if (!impl.equals("eddy") && !impl.equals("hashMap")) {
      throw new IllegalArgumentException("Unknown @Param impl '" + impl + "'");
    }
    rowKeys = new String[rows];
    for (int i = 0; i < rows; i++) {
      rowKeys[i] = Long.toString(i % keys);
    }
    buffers = new ShuffleBuffer[TASKS][PARTITIONS];
    for (ShuffleBuffer[] task : buffers) {
      for (int p = 0; p < PARTITIONS; p++) {
        task[p] = new ShuffleBuffer(1024);
      }
    }
    groupers = new KeyGrouper[PARTITIONS];
    for (int p = 0; p < PARTITIONS; p++) {
      groupers[p] = new KeyGrouper();
    }
  }

  /** Groups one batch; returns the number of rows seen through the groups. */
  @Benchmark
  public long batch() {
    return impl.equals("eddy") ? engine() : hashMap();
  }

  private long engine() {
    int perTask = rows / TASKS;
    for (int t = 0; t < TASKS; t++) {
      for (ShuffleBuffer b : buffers[t]) {
        b.clear();
      }
      int end = t == TASKS - 1 ? rows : (t + 1) * perTask;
      for (int i = t * perTask; i < end; i++) {
        String key = rowKeys[i];
        int hash = ShuffleBuffer.hash(key);
        buffers[t][ShuffleBuffer.partition(hash, PARTITIONS)].add(key, hash, key);
      }
    }
    long seen = 0;
    long groups = 0;
    for (int p = 0; p < PARTITIONS; p++) {
      ShuffleBuffer[] inputs = new ShuffleBuffer[TASKS];
      for (int t = 0; t < TASKS; t++) {
        inputs[t] = buffers[t][p];
      }
      KeyGrouper g = groupers[p];
      g.group(inputs);
      groups += g.groupCount();
      for (int i = 0; i < g.groupCount(); i++) {
        for (Iterator<Object> it = g.values(i); it.hasNext(); it.next()) {
          seen++;
        }
      }
      g.release();
    }
    return check(groups, seen);
  }

  private long hashMap() {
    List<Map<Object, List<Object>>> partitions = new ArrayList<>();
    for (int p = 0; p < PARTITIONS; p++) {
      partitions.add(new HashMap<>());
    }
    for (int i = 0; i < rows; i++) {
      String key = rowKeys[i];
      int hash = ShuffleBuffer.hash(key);
      partitions.get(ShuffleBuffer.partition(hash, PARTITIONS)).computeIfAbsent(key, k -> new ArrayList<>()).add(key);
    }
    long seen = 0;
    long groups = 0;
    for (Map<Object, List<Object>> m : partitions) {
      groups += m.size();
      for (List<Object> values : m.values()) {
        for (Iterator<Object> it = values.iterator(); it.hasNext(); it.next()) {
          seen++;
        }
      }
    }
    return check(groups, seen);
  }

  private long check(long groups, long seen) {
    if (groups != Math.min(keys, rows) || seen != rows) {
      throw new IllegalStateException(impl + ": " + groups + " groups and " + seen + " rows, expected "
          + Math.min(keys, rows) + " and " + rows);
    }
    return seen;
  }
}
