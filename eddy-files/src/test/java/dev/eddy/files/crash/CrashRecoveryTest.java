package dev.eddy.files.crash;

import static org.assertj.core.api.Assertions.assertThat;

import dev.eddy.files.FileSinkReader;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * Exactly-once under {@code kill -9} (durability issue, item 7a): a child JVM runs a stateful
 * file-to-file query on a checkpoint; the test kills it with SIGKILL at random moments — before,
 * during and after state commits, sink writes and log writes, snapshots included (maintenance runs
 * every 5 ms) — restarts it, and repeats; finally it lets a run finish. The committed sink output
 * and the final state must equal those of an uninterrupted run exactly.
 *
 * <p>CI runs {@value #CI_ROUNDS} kill rounds per backend; {@code -Dsoak} (or {@code
 * -Deddy.crash.rounds=N}) runs many more.
 */
class CrashRecoveryTest {
  static final int CI_ROUNDS = 6;
  private static final int FILES = 24;
  private static final int ROWS_PER_FILE = 40;
  private static final int USERS = 7;

  @TempDir Path tmp;

  static int rounds() {
    String n = System.getProperty("eddy.crash.rounds");
    if (n != null) {
      return Integer.parseInt(n);
    }
    return System.getProperty("soak") != null ? 200 : CI_ROUNDS;
  }

  @ParameterizedTest(name = "backend {0}")
  @ValueSource(strings = {"memory", "rocksdb"})
  void killedAtRandomMomentsTheQueryStillProducesExactlyTheUninterruptedOutput(String backend) throws Exception {
    Path input = tmp.resolve("in");
    writeInput(input);

    Path refOut = tmp.resolve("ref-out");
    long refStart = System.nanoTime();
    Process ref = child(input, refOut, tmp.resolve("ref-cp"), backend);
    assertThat(ref.waitFor(120, TimeUnit.SECONDS)).as("reference run finished").isTrue();
    long refMs = (System.nanoTime() - refStart) / 1_000_000;
    assertThat(ref.exitValue()).as("reference run exit code").isZero();

    Path out = tmp.resolve("out");
    Path cp = tmp.resolve("cp");
    Random random = new Random(42);
    int kills = 0;
    for (int round = 0; round < rounds(); round++) {
      Process p = child(input, out, cp, backend);
      // anywhere in an uninterrupted run's lifetime (its first ~0.3 s are JVM start, so aim past that)
      long delay = 250 + random.nextInt((int) Math.max(50, refMs - 250));
      if (!p.waitFor(delay, TimeUnit.MILLISECONDS)) {
        p.destroyForcibly(); // SIGKILL on Linux
        p.waitFor(30, TimeUnit.SECONDS);
        kills++;
      } else {
        assertThat(p.exitValue()).as("exit code of round %d, which ended before its kill", round).isZero();
        if (kills == 0) {
          // the run was faster than the reference: start afresh, so that a later round kills one
          deleteRecursively(out);
          deleteRecursively(cp);
        }
      }
    }
    Process last = child(input, out, cp, backend);
    assertThat(last.waitFor(120, TimeUnit.SECONDS)).as("final run finished").isTrue();
    assertThat(last.exitValue()).as("final run exit code").isZero();

    List<String> expected = sorted(FileSinkReader.readLines(refOut));
    List<String> actual = sorted(FileSinkReader.readLines(out));
    assertThat(kills).as("rounds that killed a running query").isGreaterThan(0);
    assertThat(actual).as("committed output after %d kills", kills).isEqualTo(expected);
    assertThat(finalCounts(actual)).isEqualTo(expectedCounts());
  }

  private static void deleteRecursively(Path dir) throws IOException {
    if (Files.exists(dir)) {
      try (java.util.stream.Stream<Path> paths = Files.walk(dir)) {
        for (Path p : paths.sorted(Collections.reverseOrder()).toList()) {
          Files.delete(p);
        }
      }
    }
  }

  private static void writeInput(Path input) throws IOException {
    Files.createDirectories(input);
    long seq = 0;
    for (int f = 0; f < FILES; f++) {
      StringBuilder sb = new StringBuilder();
      for (int r = 0; r < ROWS_PER_FILE; r++, seq++) {
        sb.append("{\"user\":\"u").append(seq % USERS).append("\",\"seq\":").append(seq).append("}\n");
      }
      Path file = input.resolve(String.format("part-%03d.json", f));
      Files.writeString(file, sb.toString());
      file.toFile().setLastModified(1_700_000_000_000L + f * 1000L);
    }
  }

  private static Map<String, Long> expectedCounts() {
    Map<String, Long> m = new HashMap<>();
    for (long s = 0; s < (long) FILES * ROWS_PER_FILE; s++) {
      m.merge("u" + s % USERS, 1L, Long::sum);
    }
    return m;
  }

  /** The highest count per user in the output: the final state. */
  private static Map<String, Long> finalCounts(List<String> lines) {
    Map<String, Long> m = new HashMap<>();
    for (String l : lines) {
      String user = l.replaceAll(".*\"user\":\"([^\"]+)\".*", "$1");
      long clicks = Long.parseLong(l.replaceAll(".*\"clicks\":(\\d+).*", "$1"));
      m.merge(user, clicks, Math::max);
    }
    return m;
  }

  private static List<String> sorted(List<String> lines) {
    List<String> l = new ArrayList<>(lines);
    Collections.sort(l);
    return l;
  }

  private static Process child(Path input, Path out, Path cp, String backend) throws IOException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    List<String> cmd = List.of(
        java, "-Xmx256m", "-cp", System.getProperty("java.class.path"),
        "-Dorg.slf4j.simpleLogger.defaultLogLevel=warn",
        CrashQueryMain.class.getName(), input.toString(), out.toString(), cp.toString(), backend);
    return new ProcessBuilder(cmd)
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(new File(out.getParent().toFile(), "child-" + out.getFileName() + ".log")))
        .start();
  }
}
