package dev.eddy.files.internal;

import dev.eddy.Encoder;
import dev.eddy.Encoders;
import dev.eddy.Row;
import dev.eddy.spi.Options;
import dev.eddy.spi.Source;
import dev.eddy.spi.SourceContext;
import dev.eddy.spi.SourceProvider;
import java.util.Arrays;
import java.util.stream.Stream;

/**
 * What the file source formats share: the options of {@link FileSourceOptions}, rows of {@link
 * FileRow}, and the file log kept in the context's metadata directory. Subclasses say which
 * further options they take and how a line is parsed.
 *
 * <p>Thread safety: stateless; a provider may create sources for several queries.
 */
abstract class FileSourceProvider implements SourceProvider {
  @Override
  public Encoder<Row> schema(Options options) {
    return Encoders.row();
  }

  @Override
  public Source<?> createSource(SourceContext context, Options options) {
    String[] known = Stream.concat(Arrays.stream(FileSourceOptions.NAMES), Arrays.stream(formatOptions()))
        .toArray(String[]::new);
    options.requireOnly(known);
    FileSourceOptions common = FileSourceOptions.from(options);
    ColumnSchema schema = columns(context.schema(), options);
    return new FileStreamSource(
        common, context.metadataDir(), schema, parser(schema, options), skipHeader(options), mode(options));
  }

  /** The options of this format besides the common ones. */
  abstract String[] formatOptions();

  /**
   * The columns to read, from the declared schema (null when none was declared).
   *
   * @throws IllegalArgumentException naming 'schema' when the format needs one and none is given
   */
  abstract ColumnSchema columns(Encoder<?> declared, Options options);

  abstract RecordParser parser(ColumnSchema schema, Options options);

  boolean skipHeader(Options options) {
    return false;
  }

  ParseMode mode(Options options) {
    return ParseMode.PERMISSIVE;
  }

  /** The declared schema's columns; fails naming 'schema' when there is none. */
  static ColumnSchema required(Encoder<?> declared, Options options) {
    if (declared == null) {
      throw new IllegalArgumentException(
          "Format '" + options.format() + "' needs a schema: call readStream().schema(Encoders.bean(YourType.class))"
              + " before load()");
    }
    return ColumnSchema.of(declared);
  }
}
