package dev.eddy.internal.codec;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

/** Field access through {@link TypeInfo}: boxed and primitive reads of records and beans. */
class TypeInfoTest {
  private record Hidden(long at, int count, String name) {}

  public record Visible(long at, int count) {}

  /** A bean with primitive fields. */
  public static class Bean {
    private long at;
    private int count;

    public long getAt() {
      return at;
    }

    public void setAt(long at) {
      this.at = at;
    }

    public int getCount() {
      return count;
    }

    public void setCount(int count) {
      this.count = count;
    }
  }

  @Test
  void primitiveFieldsReadWithoutBoxingFromPrivateAndPublicRecordsAndBeans() {
    TypeInfo<Hidden> hidden = TypeInfo.of(Hidden.class);
    Hidden h = new Hidden(1_700_000_000_123L, -7, "x");
    assertThat(hidden.field("at").getLong(h)).isEqualTo(1_700_000_000_123L);
    assertThat(hidden.field("count").getInt(h)).isEqualTo(-7);
    assertThat(hidden.field("name").get(h)).isEqualTo("x");

    TypeInfo<Visible> visible = TypeInfo.of(Visible.class);
    assertThat(visible.field("at").getLong(new Visible(5, 6))).isEqualTo(5);
    assertThat(visible.field("count").getInt(new Visible(5, 6))).isEqualTo(6);

    Bean b = new Bean();
    b.setAt(42);
    b.setCount(3);
    TypeInfo<Bean> bean = TypeInfo.of(Bean.class);
    assertThat(bean.field("at").getLong(b)).isEqualTo(42);
    assertThat(bean.field("count").getInt(b)).isEqualTo(3);
  }

  @Test
  void primitiveReadOfAFieldOfAnotherTypeNamesTheField() {
    TypeInfo<Hidden> hidden = TypeInfo.of(Hidden.class);
    assertThatThrownBy(() -> hidden.field("name").getLong(new Hidden(1, 2, "x")))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("'name'");
    assertThatThrownBy(() -> hidden.field("at").getInt(new Hidden(1, 2, "x")))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("'at'");
  }
}
