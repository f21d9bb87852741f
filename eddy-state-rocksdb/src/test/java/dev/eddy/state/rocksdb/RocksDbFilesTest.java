package dev.eddy.state.rocksdb;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.eddy.Encoders;
import dev.eddy.spi.ColumnFamily;
import dev.eddy.spi.StateStore;
import dev.eddy.spi.StateStoreContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The checkpoint files of the RocksDB backend: layout, retention, corruption, schema changes. */
class RocksDbFilesTest {
  record CountV1(long count) {}

  record CountV2(long count, String label) {}

  record CountBad(String count) {}

  private static final Map<String, String> CONF = Map.of(
      RocksDbStateStoreProvider.MIN_DELTAS_FOR_SNAPSHOT, "2", RocksDbStateStoreProvider.MIN_BATCHES_TO_RETAIN, "3");

  @TempDir Path checkpoint;

  private Path storeDir() {
    return checkpoint.resolve("state/1/2");
  }

  private <V> StateStoreContext context(ColumnFamily<String, V> cf) {
    return new StateStoreContext(storeDir(), "files", 1, 2, List.of(cf), CONF);
  }

  private static final ColumnFamily<String, Long> LONGS = new ColumnFamily<>("c", Encoders.STRING(), Encoders.LONG());

  private long commitVersions(StateStoreContext ctx, ColumnFamily<String, Long> cf, long from, int count) {
    try (RocksDbStateStoreProvider p = new RocksDbStateStoreProvider()) {
      p.init(ctx);
      long v = from;
      for (int i = 0; i < count; i++) {
        StateStore s = p.getStore(v);
        s.table(cf).put("k" + v, v);
        v = s.commit();
        p.doMaintenance();
      }
      return v;
    }
  }

  @Test
  void writesChangelogsAndSnapshotsAndAppliesRetention() throws IOException {
    commitVersions(context(LONGS), LONGS, 0, 9);
    assertThat(names(storeDir())).contains("9.changelog", "snapshot-8").doesNotContain("1.changelog", "snapshot-2");
    assertThat(storeDir().resolve("snapshot-8").resolve(SnapshotFiles.MANIFEST)).exists();
    assertThat(Files.readAllLines(storeDir().resolve("snapshot-8").resolve(SnapshotFiles.MANIFEST)).get(0))
        .isEqualTo(SnapshotFiles.HEADER);
    try (RocksDbStateStoreProvider p = new RocksDbStateStoreProvider()) {
      p.init(context(LONGS));
      StateStore s = p.getStore(9);
      assertThat(s.table(LONGS).size()).isEqualTo(9);
      assertThat(s.table(LONGS).get("k0")).isZero();
      s.table(LONGS).put("x", 1L);
      s.commit();
      assertThat(s.metrics().customMetrics())
          .containsKeys("rocksdbCommitTimeMs", "rocksdbFlushTimeMs", "rocksdbSstBytes", "rocksdbMemoryUsageBytes",
              "rocksdbBlockCacheHitRatio", "changelogBytes", "rocksdbReplayedChangelogs");
      assertThat(s.metrics().customMetrics().get("changelogBytes")).isPositive();
      assertThat(s.metrics().customMetrics().get("rocksdbReplayedChangelogs")).isEqualTo(1);
      assertThat(s.metrics().numKeys()).isEqualTo(10);
    }
  }

  @Test
  void aCorruptChangelogIsReportedNamingFileAndPartition() throws IOException {
    commitVersions(context(LONGS), LONGS, 0, 3);
    Path file = storeDir().resolve("3.changelog");
    byte[] bytes = Files.readAllBytes(file);
    bytes[bytes.length / 2] ^= 0x10;
    Files.write(file, bytes);
    try (RocksDbStateStoreProvider p = new RocksDbStateStoreProvider()) {
      p.init(context(LONGS));
      assertThatThrownBy(() -> p.getStore(3)).isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("partition 2").hasMessageContaining(file.toString()).hasMessageContaining("checksum");
    }
  }

  @Test
  void aTruncatedSnapshotFileIsReported() throws IOException {
    commitVersions(context(LONGS), LONGS, 0, 2);
    Path sst;
    try (Stream<Path> files = Files.list(storeDir().resolve("snapshot-2"))) {
      sst = files.filter(f -> f.toString().endsWith(".sst")).findFirst().orElseThrow();
    }
    Files.write(sst, new byte[] {1, 2, 3});
    try (RocksDbStateStoreProvider p = new RocksDbStateStoreProvider()) {
      p.init(context(LONGS));
      assertThatThrownBy(() -> p.getStore(2)).isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("partition 2").hasMessageContaining(sst.toString());
    }
  }

  @Test
  void valuesOfAnEarlierStateClassStayReadable() {
    ColumnFamily<String, CountV1> v1 = new ColumnFamily<>("s", Encoders.STRING(), Encoders.record(CountV1.class));
    ColumnFamily<String, CountV2> v2 = new ColumnFamily<>("s", Encoders.STRING(), Encoders.record(CountV2.class));
    try (RocksDbStateStoreProvider p = new RocksDbStateStoreProvider()) {
      p.init(context(v1));
      StateStore s = p.getStore(0);
      s.table(v1).put("old", new CountV1(5));
      s.table(v1).put("rewritten", new CountV1(6));
      s.commit();
    }
    try (RocksDbStateStoreProvider p = new RocksDbStateStoreProvider()) {
      p.init(context(v2));
      StateStore s = p.getStore(1);
      assertThat(s.table(v2).get("old")).isEqualTo(new CountV2(5, null));
      s.table(v2).put("rewritten", new CountV2(7, "new"));
      s.commit();
    }
    try (RocksDbStateStoreProvider p = new RocksDbStateStoreProvider()) {
      p.init(context(v2));
      StateStore s = p.getStore(2);
      assertThat(s.table(v2).get("old")).isEqualTo(new CountV2(5, null));
      assertThat(s.table(v2).get("rewritten")).isEqualTo(new CountV2(7, "new"));
      s.abort();
    }
    ColumnFamily<String, CountBad> bad = new ColumnFamily<>("s", Encoders.STRING(), Encoders.record(CountBad.class));
    try (RocksDbStateStoreProvider p = new RocksDbStateStoreProvider()) {
      p.init(context(bad));
      assertThatThrownBy(() -> p.getStore(2)).isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("partition 2").hasMessageContaining("'count'")
          .hasMessageContaining("long").hasMessageContaining("string");
    }
  }

  @Test
  void aChangedKeyTypeIsRejected() {
    commitVersions(context(LONGS), LONGS, 0, 1);
    ColumnFamily<Long, Long> longKeys = new ColumnFamily<>("c", Encoders.LONG(), Encoders.LONG());
    try (RocksDbStateStoreProvider p = new RocksDbStateStoreProvider()) {
      p.init(new StateStoreContext(storeDir(), "files", 1, 2, List.of(longKeys), CONF));
      assertThatThrownBy(() -> p.getStore(1)).isInstanceOf(IllegalStateException.class)
          .hasMessageContaining("key type changed from string to long");
    }
  }

  @Test
  void reloadingAnOlderVersionAndCommittingDiscardsTheAbandonedFiles() throws IOException {
    commitVersions(context(LONGS), LONGS, 0, 6);
    assertThat(names(storeDir())).contains("6.changelog", "snapshot-6");
    commitVersions(context(LONGS), LONGS, 4, 1);
    assertThat(names(storeDir())).contains("5.changelog", "snapshot-4").doesNotContain("6.changelog", "snapshot-6");
  }

  private static List<String> names(Path dir) throws IOException {
    try (Stream<Path> files = Files.list(dir)) {
      return files.map(f -> f.getFileName().toString()).toList();
    }
  }
}
