package dev.eddy.internal.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.eddy.Encoders;
import dev.eddy.internal.state.StateEntry;
import dev.eddy.internal.state.StateEntryEncoder;
import java.lang.reflect.Type;
import java.math.BigDecimal;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Arrays;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class CodecRoundTripTest {
  enum Color { RED, GREEN }

  record Point(int x, long y) {}

  record Everything(
      boolean b, byte by, short s, char c, int i, long l, float f, double d,
      String str, Integer boxed, Color color, Point point, List<String> tags,
      Map<String, Point> byName, Optional<Long> maybe, BigDecimal amount, Instant at) {}

  /** A bean with a boolean "is" getter and a nested record. */
  public static class Session {
    private String user;
    private int clicks;
    private boolean active;
    private Point last;

    public String getUser() { return user; }
    public void setUser(String user) { this.user = user; }
    public int getClicks() { return clicks; }
    public void setClicks(int clicks) { this.clicks = clicks; }
    public boolean isActive() { return active; }
    public void setActive(boolean active) { this.active = active; }
    public Point getLast() { return last; }
    public void setLast(Point last) { this.last = last; }
  }

  record Node(String name, Node next) {}

  static Stream<Arguments> scalars() {
    Timestamp ts = new Timestamp(1_700_000_000_123L);
    ts.setNanos(123_456_789);
    return Stream.of(
        Arguments.of(String.class, ""), Arguments.of(String.class, "héllo wörld ✓ 😀"),
        Arguments.of(String.class, "a".repeat(300)),
        Arguments.of(Long.class, Long.MIN_VALUE), Arguments.of(Long.class, -1L), Arguments.of(Long.class, Long.MAX_VALUE),
        Arguments.of(Integer.class, Integer.MIN_VALUE), Arguments.of(Integer.class, 0), Arguments.of(Integer.class, Integer.MAX_VALUE),
        Arguments.of(Double.class, -0.0d), Arguments.of(Double.class, Double.NaN), Arguments.of(Double.class, 1e300),
        Arguments.of(Float.class, 3.5f), Arguments.of(Short.class, Short.MIN_VALUE), Arguments.of(Byte.class, (byte) -7),
        Arguments.of(Boolean.class, true), Arguments.of(Boolean.class, false), Arguments.of(Character.class, '✓'),
        Arguments.of(Timestamp.class, ts), Arguments.of(Instant.class, Instant.parse("1969-12-31T23:59:59.999999999Z")),
        Arguments.of(Date.class, new Date(-5L)), Arguments.of(BigDecimal.class, new BigDecimal("-12345678901234567890.000123")),
        Arguments.of(Color.class, Color.GREEN));
  }

  @ParameterizedTest
  @MethodSource("scalars")
  void scalarsRoundTrip(Class<Object> type, Object value) {
    Codec<Object> codec = Codecs.forEncoder(Encoders.bean(type));
    assertThat(codec.decode(codec.encode(value))).isEqualTo(value);
  }

  @Test
  void bytesRoundTrip() {
    Codec<byte[]> codec = Codecs.forEncoder(Encoders.bean(byte[].class));
    assertThat(codec.decode(codec.encode(new byte[] {1, -2, 3}))).containsExactly(1, -2, 3);
  }

  @Test
  void smallNumbersAreShort() {
    assertThat(Codecs.forEncoder(Encoders.LONG()).encode(-1L)).hasSize(1);
    assertThat(Codecs.forEncoder(Encoders.STRING()).encode("key-42")).hasSize(7);
  }

  @Test
  void recordWithEveryFieldKindRoundTrips() {
    Map<String, Point> byName = new LinkedHashMap<>();
    byName.put("a", new Point(1, 2));
    byName.put("nothing", null);
    Everything full = new Everything(true, (byte) 1, (short) -2, 'z', -3, 4L, 5.5f, -6.25, "s", 7, Color.RED,
        new Point(-8, 9), Arrays.asList("t", null), byName, Optional.of(10L), new BigDecimal("1.10"), Instant.EPOCH);
    Everything sparse = new Everything(false, (byte) 0, (short) 0, '\0', 0, 0, 0, 0, null, null, null, null, null,
        null, Optional.empty(), null, null);
    Codec<Everything> codec = Codecs.forEncoder(Encoders.record(Everything.class));
    assertThat(codec.decode(codec.encode(full))).isEqualTo(full);
    assertThat(codec.decode(codec.encode(sparse))).isEqualTo(sparse);
    assertThat(codec.schema().toString()).startsWith("struct<b:boolean,by:byte,s:short,c:char,i:int,l:long,f:float,"
        + "d:double,str:string?,boxed:int?,color:enum?,point:struct<x:int,y:long>?,tags:list<string>?,");
  }

  @Test
  void beanRoundTrips() {
    Session s = new Session();
    s.setUser("u1");
    s.setClicks(3);
    s.setActive(true);
    s.setLast(new Point(1, 1));
    Codec<Session> codec = Codecs.forEncoder(Encoders.bean(Session.class));
    Session back = codec.decode(codec.encode(s));
    assertThat(back).usingRecursiveComparison().isEqualTo(s);
    assertThat(codec.decode(codec.encode(new Session()))).usingRecursiveComparison().isEqualTo(new Session());
  }

  @Test
  void stateEntryRoundTripsWithAndWithoutValue() {
    Codec<StateEntry> codec = Codecs.forEncoder(new StateEntryEncoder(Encoders.record(Point.class)));
    StateEntry withValue = new StateEntry(new Point(1, 2), 99L);
    StateEntry timeoutOnly = new StateEntry(null, 5L);
    StateEntry none = new StateEntry(new Point(0, 0), StateEntry.NO_TIMESTAMP);
    for (StateEntry e : List.of(withValue, timeoutOnly, none)) {
      assertThat(codec.decode(codec.encode(e))).isEqualTo(e);
    }
    assertThat(codec.schema().toString()).isEqualTo("entry<struct<x:int,y:long>>");
  }

  @Test
  void codecsAreCachedPerType() {
    assertThat(Codecs.forEncoder(Encoders.record(Point.class))).isSameAs(Codecs.forEncoder(Encoders.record(Point.class)));
  }

  @Test
  void truncatedAndTrailingBytesAreRejected() {
    Codec<Point> codec = Codecs.forEncoder(Encoders.record(Point.class));
    byte[] bytes = codec.encode(new Point(1000, 1000));
    assertThatThrownBy(() -> codec.decode(Arrays.copyOf(bytes, bytes.length - 1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Truncated");
    assertThatThrownBy(() -> codec.decode(Arrays.copyOf(bytes, bytes.length + 1)))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("left over");
  }

  @Test
  void unsupportedTypesAreNamed() {
    assertThatThrownBy(() -> Codecs.forType(Node.class))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("next").hasMessageContaining("Recursive");
    assertThatThrownBy(() -> Codecs.forEncoder(Encoders.row()))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("Row");
    assertThatThrownBy(() -> Codecs.forType((Type) List.class))
        .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("type arguments");
  }

  @Test
  void unknownEnumConstantIsNamed() {
    Codec<String> strings = Codecs.forEncoder(Encoders.STRING());
    Codec<Color> colors = Codecs.forEncoder(Encoders.bean(Color.class));
    assertThatThrownBy(() -> colors.decode(strings.encode("BLUE")))
        .hasMessageContaining("BLUE").hasMessageContaining("Color");
  }
}
