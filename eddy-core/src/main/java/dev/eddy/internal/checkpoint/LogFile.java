package dev.eddy.internal.checkpoint;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.zip.CRC32C;

/**
 * The text format of the offset and commit logs and of the checkpoint's metadata files: a format
 * version line, one line of JSON, and a CRC32C checksum line of that JSON.
 *
 * <pre>
 * v1
 * {"batchId":3,...}
 * crc32c:1a2b3c4d
 * </pre>
 *
 * A file that is truncated, has another version or whose checksum does not match is reported
 * naming the file; it is never read as valid.
 */
public final class LogFile {
  /** The version line of the current format. */
  public static final String VERSION = "v1";

  private LogFile() {}

  /** The bytes of a log file holding {@code json}. */
  public static byte[] encode(String json) {
    return (VERSION + "\n" + json + "\ncrc32c:" + crc(json) + "\n").getBytes(StandardCharsets.UTF_8);
  }

  /**
   * The JSON held by {@code bytes}, read from {@code file}.
   *
   * @throws CorruptCheckpointException naming the file when the bytes are not a complete, intact
   *     log file of a known version
   */
  public static String decode(Path file, byte[] bytes) {
    String text = new String(bytes, StandardCharsets.UTF_8);
    String[] lines = text.split("\n", -1);
    if (lines.length < 3 || !lines[0].startsWith("v")) {
      throw new CorruptCheckpointException(file, "truncated or not an Eddy log file");
    }
    if (!lines[0].equals(VERSION)) {
      throw new CorruptCheckpointException(file, "format version " + lines[0] + " is not supported (expected " + VERSION + ")");
    }
    String json = lines[1];
    if (!lines[2].startsWith("crc32c:")) {
      throw new CorruptCheckpointException(file, "truncated: checksum line missing");
    }
    if (!lines[2].substring("crc32c:".length()).equals(crc(json))) {
      throw new CorruptCheckpointException(file, "checksum mismatch (the file is corrupted)");
    }
    return json;
  }

  private static String crc(String json) {
    CRC32C crc = new CRC32C();
    crc.update(json.getBytes(StandardCharsets.UTF_8));
    return Long.toHexString(crc.getValue());
  }
}
