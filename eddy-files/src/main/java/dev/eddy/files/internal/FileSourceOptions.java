package dev.eddy.files.internal;

import dev.eddy.spi.Options;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The options every file source takes, with Spark's names and defaults: {@code path} (required,
 * an existing directory), {@code maxFilesPerTrigger} (default: no limit), {@code latestFirst}
 * (default false) and {@code maxFileAge} (default {@code 7d}).
 *
 * @param dir the directory to read
 * @param maxFilesPerTrigger the most files one offset takes, or {@link Integer#MAX_VALUE}
 * @param latestFirst whether the newest files are taken first
 * @param maxFileAgeMillis how much older than the newest logged file a file may be and still be
 *     taken; {@link Long#MAX_VALUE} when it does not apply
 */
record FileSourceOptions(Path dir, int maxFilesPerTrigger, boolean latestFirst, long maxFileAgeMillis) {
  /** The option names, for {@link Options#requireOnly}. */
  static final String[] NAMES = {"path", "maxFilesPerTrigger", "latestFirst", "maxFileAge"};

  /**
   * Reads the options. As in Spark, {@code maxFileAge} is ignored when {@code latestFirst} is on
   * and {@code maxFilesPerTrigger} is set, so that old files are still read in turn.
   *
   * @throws IllegalArgumentException naming the option when one is missing or malformed
   */
  static FileSourceOptions from(Options options) {
    Path dir = Path.of(options.require("path"));
    if (!Files.isDirectory(dir)) {
      throw new IllegalArgumentException(
          "Option 'path' for format '" + options.format() + "' must name an existing directory, got '" + dir + "'");
    }
    boolean limited = options.get("maxFilesPerTrigger") != null;
    int maxFiles = (int) Math.min(Integer.MAX_VALUE, options.getLong("maxFilesPerTrigger", Integer.MAX_VALUE, 1));
    boolean latestFirst = options.getBoolean("latestFirst", false);
    long maxAge = TimeStrings.parseMillis("maxFileAge", options.format(), options.getString("maxFileAge", "7d"));
    if (maxAge < 0) {
      throw new IllegalArgumentException(
          "Option 'maxFileAge' for format '" + options.format() + "' must not be negative, got '"
              + options.get("maxFileAge") + "'");
    }
    return new FileSourceOptions(
        dir.toAbsolutePath().normalize(), maxFiles, latestFirst, latestFirst && limited ? Long.MAX_VALUE : maxAge);
  }
}
