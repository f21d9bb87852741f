package dev.eddy.files.internal;

import dev.eddy.files.MalformedFileException;
import dev.eddy.Encoder;
import dev.eddy.internal.codec.TypeEncoder;
import dev.eddy.internal.codec.TypeInfo;
import dev.eddy.spi.Options;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.LongAdder;

/**
 * Reads the committed output of a file sink directory: the data files its {@link FileSinkLog}
 * names, in batch order, and nothing else. Behind {@link dev.eddy.files.FileSinkReader}.
 *
 * <p>Thread safety: stateless.
 */
public final class SinkOutput {
  private SinkOutput() {}

  /** The committed data files of {@code dir}, relative to it, in batch order. */
  public static List<String> committedFiles(Path dir) {
    List<String> files = new ArrayList<>();
    new FileSinkLog(dir).committed().values().forEach(files::addAll);
    return files;
  }

  /** Every line of the committed data files of {@code dir}, in batch order. */
  public static List<String> readLines(Path dir) {
    List<String> lines = new ArrayList<>();
    for (String f : committedFiles(dir)) {
      try {
        lines.addAll(Files.readAllLines(dir.resolve(f), StandardCharsets.UTF_8));
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot read committed file " + dir.resolve(f) + " of sink directory " + dir, e);
      }
    }
    return lines;
  }

  /**
   * The records of the committed data files of {@code dir} as values of {@code encoder}'s type;
   * CSV files are read with {@code csvOptions} (see {@link CsvOptions}).
   *
   * @throws MalformedFileException naming the file and line of a record that does not fit
   */
  public static <T> List<T> read(Path dir, Encoder<T> encoder, Map<String, String> csvOptions) {
    ColumnSchema schema = ColumnSchema.of(encoder);
    TypeInfo<T> info = TypeEncoder.cast(encoder).info();
    CsvOptions csv = CsvOptions.from(new Options("csv", csvOptions));
    List<T> out = new ArrayList<>();
    for (String name : committedFiles(dir)) {
      Path file = dir.resolve(name);
      boolean isCsv = name.endsWith(".csv");
      RecordParser parser = isCsv ? new CsvRecordParser(schema, csv) : new JsonRecordParser(schema);
      RecordFileReader reader = new RecordFileReader(parser, isCsv && csv.header(), ParseMode.FAILFAST, new LongAdder());
      try {
        reader.read(file, values -> out.add(build(info, schema, values, file)));
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot read committed file " + file + " of sink directory " + dir, e);
      } catch (RuntimeException e) {
        throw e;
      } catch (Exception e) {
        throw new IllegalStateException("Cannot read committed file " + file, e);
      }
    }
    return out;
  }

  @SuppressWarnings("unchecked")
  private static <T> T build(TypeInfo<T> info, ColumnSchema schema, Object[] values, Path file) {
    for (int i = 0; i < values.length; i++) {
      if (values[i] == null && schema.type(i).isPrimitive()) {
        throw new IllegalStateException(
            "Committed file " + file + " has a record without field '" + schema.name(i) + "', whose type "
                + schema.type(i) + " cannot hold null");
      }
    }
    return info.kind() == TypeInfo.Kind.SCALAR ? (T) values[0] : info.newInstance(values);
  }
}
