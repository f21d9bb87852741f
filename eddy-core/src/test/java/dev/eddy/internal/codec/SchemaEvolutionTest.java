package dev.eddy.internal.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.eddy.Encoder;
import dev.eddy.Encoders;
import dev.eddy.internal.state.StateEntry;
import dev.eddy.internal.state.StateEntryEncoder;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SchemaEvolutionTest {
  record Inner1(int a) {}

  record Inner2(int a, String b) {}

  record V1(String user, int clicks, long removed, Inner1 inner, List<Inner1> history) {}

  record V2(String user, int clicks, Inner2 inner, List<Inner2> history, long added, String note, Integer boxed) {}

  record Changed(String user, String clicks) {}

  record NestedChanged(String user, Inner3 inner) {}

  record Inner3(long a) {}

  record Boxed(Integer clicks) {}

  record Primitive(int clicks) {}

  @Test
  void schemaTextParsesBack() {
    CodecSchema s = Codecs.forType(V2.class).schema();
    assertThat(CodecSchema.parse(s.toString())).isEqualTo(s);
    CodecSchema entry = Codecs.forEncoder(new StateEntryEncoder(Encoders.record(V1.class))).schema();
    assertThat(CodecSchema.parse(entry.toString())).isEqualTo(entry);
    CodecSchema map = CodecSchema.parse("map<string,optional<enum>>");
    assertThat(map.toString()).isEqualTo("map<string,optional<enum>>");
    assertThatThrownBy(() -> CodecSchema.parse("struct<a:nosuch>"))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("nosuch");
  }

  @Test
  void addedFieldsGetDefaultsAndRemovedFieldsAreSkipped() {
    Codec<V1> old = cast(Codecs.forType(V1.class));
    byte[] bytes = old.encode(new V1("u", 3, 77L, new Inner1(5), List.of(new Inner1(6))));
    Codec<V2> evolved = Codecs.forEncoder(Encoders.record(V2.class), CodecSchema.parse(old.schema().toString()));
    V2 v = evolved.decode(bytes);
    assertThat(v).isEqualTo(new V2("u", 3, new Inner2(5, null), List.of(new Inner2(6, null)), 0L, null, null));
    Codec<V2> current = Codecs.forEncoder(Encoders.record(V2.class));
    assertThat(current.decode(evolved.encode(v))).as("writes the current layout").isEqualTo(v);
  }

  @Test
  void stateEntriesEvolveTheirValue() {
    Codec<StateEntry> old = Codecs.forEncoder(new StateEntryEncoder(Encoders.record(Inner1.class)));
    byte[] bytes = old.encode(new StateEntry(new Inner1(4), 10L));
    Codec<StateEntry> evolved = Codecs.forEncoder(new StateEntryEncoder(Encoders.record(Inner2.class)), old.schema());
    assertThat(evolved.decode(bytes)).isEqualTo(new StateEntry(new Inner2(4, null), 10L));
  }

  @Test
  void primitiveAndBoxAreInterchangeable() {
    Codec<Boxed> boxed = cast(Codecs.forType(Boxed.class));
    Codec<Primitive> prim = Codecs.forEncoder(Encoders.record(Primitive.class), boxed.schema());
    assertThat(prim.decode(boxed.encode(new Boxed(null)))).isEqualTo(new Primitive(0));
    assertThat(prim.decode(boxed.encode(new Boxed(9)))).isEqualTo(new Primitive(9));
    Codec<Boxed> back = Codecs.forEncoder(Encoders.record(Boxed.class), prim.schema());
    assertThat(back.decode(prim.encode(new Primitive(2)))).isEqualTo(new Boxed(2));
  }

  @Test
  void changedFieldTypeIsRejectedNamingFieldAndTypes() {
    CodecSchema stored = Codecs.forType(V1.class).schema();
    assertThatThrownBy(() -> SchemaEvolution.check(stored, Changed.class))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'clicks'").hasMessageContaining("int").hasMessageContaining("string");
    Encoder<NestedChanged> enc = Encoders.record(NestedChanged.class);
    assertThatThrownBy(() -> Codecs.forEncoder(enc, stored))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'inner.a'").hasMessageContaining("int").hasMessageContaining("long");
    assertThatThrownBy(() -> SchemaEvolution.check(Codecs.forType(String.class).schema(), Long.class))
        .hasMessageContaining("string").hasMessageContaining("long");
  }

  @Test
  void mapValuesEvolve() {
    record M1(Map<String, Inner1> m) {}
    record M2(Map<String, Inner2> m) {}
    Codec<M1> old = cast(Codecs.forType(M1.class));
    Codec<M2> evolved = Codecs.forEncoder(Encoders.record(M2.class), old.schema());
    assertThat(evolved.decode(old.encode(new M1(Map.of("k", new Inner1(1))))))
        .isEqualTo(new M2(Map.of("k", new Inner2(1, null))));
  }

  @SuppressWarnings("unchecked")
  private static <T> Codec<T> cast(Codec<?> c) {
    return (Codec<T>) c;
  }
}
