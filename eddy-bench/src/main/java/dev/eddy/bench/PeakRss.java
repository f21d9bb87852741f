package dev.eddy.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The peak resident set size of this JVM so far, from Linux's {@code /proc/self/status}. */
final class PeakRss {
  private PeakRss() {}

  /** {@code VmHWM} in bytes, or -1 where {@code /proc} does not have it. */
  static long bytes() {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/self/status"))) {
        if (line.startsWith("VmHWM:")) {
          return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
        }
      }
      return -1;
    } catch (IOException | NumberFormatException e) {
      return -1;
    }
  }
}
