package dev.eddy.files.internal;

import dev.eddy.files.MalformedFileException;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.eddy.Encoders;
import dev.eddy.Row;
import dev.eddy.files.Event;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ParseModeTest {
  @TempDir Path in;

  private static final String JSON = String.join("\n",
      "{\"user\":\"ann\",\"amount\":1}",
      "{\"user\":\"bob\",\"amount\":\"many\"}",
      "not json at all",
      "",
      "{\"user\":\"cid\",\"amount\":3,\"time\":\"yesterday\"}",
      "[1,2]",
      "{\"user\":\"dan\"}") + "\n";

  private SourceHarness json(String mode) throws Exception {
    Files.writeString(in.resolve("a.json"), JSON, StandardCharsets.UTF_8);
    return new SourceHarness(new JsonSourceProvider(), null, Encoders.bean(Event.class), in, "mode", mode);
  }

  private static List<String> users(List<Row> rows) {
    return rows.stream().map(r -> r.getString("user") + ":" + r.get("amount")).toList();
  }

  @Test
  void permissiveKeepsMalformedRecordsWithNullFieldsAndCountsThem() throws Exception {
    SourceHarness h = json("PERMISSIVE");
    assertThat(users(h.nextBatch()))
        .containsExactly("ann:1", "bob:null", "null:null", "cid:3", "null:null", "dan:null");
    assertThat(h.source().metrics()).containsEntry("numMalformedRows", "4");
  }

  @Test
  void permissiveIsTheDefault() throws Exception {
    Files.writeString(in.resolve("a.json"), JSON, StandardCharsets.UTF_8);
    SourceHarness h = new SourceHarness(new JsonSourceProvider(), null, Encoders.bean(Event.class), in);
    assertThat(h.nextBatch()).hasSize(6);
  }

  @Test
  void dropMalformedSkipsAndCountsThem() throws Exception {
    SourceHarness h = json("dropmalformed");
    assertThat(users(h.nextBatch())).containsExactly("ann:1", "dan:null");
    assertThat(h.source().metrics()).containsEntry("numMalformedRows", "4");
  }

  @Test
  void failFastNamesTheFileAndTheLine() throws Exception {
    SourceHarness h = json("FAILFAST");
    assertThatThrownBy(h::nextBatch)
        .isInstanceOf(MalformedFileException.class)
        .hasMessageContaining(in.resolve("a.json").toString())
        .hasMessageContaining("line 2")
        .hasMessageContaining("field 'amount'");
  }

  @Test
  void csvRecordsWithTheWrongNumberOfFieldsAreMalformed() throws Exception {
    Files.writeString(in.resolve("a.csv"), "ann,1,0\nbob,2\ncid,3,0,extra\ndan,x,0\n", StandardCharsets.UTF_8);
    SourceHarness h = new SourceHarness(new CsvSourceProvider(), null, Encoders.bean(Event.class), in);
    assertThat(users(h.nextBatch())).containsExactly("ann:1", "bob:2", "cid:3", "dan:null");
    assertThat(h.source().metrics()).containsEntry("numMalformedRows", "3");
  }

  @Test
  void anUnknownModeFailsNamingTheOption() {
    assertThatThrownBy(() -> json("LENIENT")).hasMessageContaining("'mode'").hasMessageContaining("LENIENT");
  }

  @Test
  void anUnknownOptionFailsNamingIt() {
    assertThatThrownBy(() -> new SourceHarness(new JsonSourceProvider(), null, Encoders.bean(Event.class), in,
        "maxFilesPerTriger", "1")).hasMessageContaining("maxfilespertriger");
  }

  @Test
  void aMissingDirectoryFailsNamingPath() {
    assertThatThrownBy(() -> new SourceHarness(new TextSourceProvider(), null, null, in.resolve("nope")))
        .hasMessageContaining("'path'").hasMessageContaining("nope");
  }

  @Test
  void aMissingSchemaFailsNamingSchema() {
    assertThatThrownBy(() -> new SourceHarness(new CsvSourceProvider(), null, null, in))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("schema");
  }
}
