package dev.eddy.files;

import dev.eddy.EddySession;
import dev.eddy.streaming.StreamingQuery;
import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.io.TempDir;

/** A query test: an input directory, an output directory and a small session. */
abstract class FileQueryTest {
  @TempDir Path in;
  @TempDir Path out;
  final EddySession session = TestFiles.session();

  @AfterEach
  void closeSession() {
    session.close();
  }

  /** Processes everything available, then stops the query. */
  static void drain(StreamingQuery query) throws Exception {
    try {
      query.processAllAvailable();
    } finally {
      query.stop();
    }
  }
}
