package dev.eddy.internal.codec;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Codecs of {@code List}, {@code Map} and {@code Optional} fields: a count, then each element
 * preceded by a presence byte (elements may be null). Lists read back as {@link ArrayList}, maps
 * as {@link LinkedHashMap} in the order written.
 */
final class ContainerCodecs {
  private ContainerCodecs() {}

  /** A list of one element type. */
  static final class ListCodec<E> implements Codec<List<E>> {
    private final Codec<E> element;
    private final CodecSchema schema;

    ListCodec(Codec<E> element) {
      this.element = element;
      this.schema = CodecSchema.of(CodecSchema.Kind.LIST, element.schema());
    }

    @Override
    public void write(List<E> value, ByteOutput out) {
      out.writeLength(value.size());
      for (E e : value) {
        out.writeNullable(element, e);
      }
    }

    @Override
    public List<E> read(ByteInput in) {
      int n = in.readLength();
      List<E> list = new ArrayList<>(Math.min(n, in.remaining()));
      for (int i = 0; i < n; i++) {
        list.add(in.readNullable(element));
      }
      return list;
    }

    @Override
    public CodecSchema schema() {
      return schema;
    }
  }

  /** A map of one key and one value type. */
  static final class MapCodec<K, V> implements Codec<Map<K, V>> {
    private final Codec<K> keys;
    private final Codec<V> values;
    private final CodecSchema schema;

    MapCodec(Codec<K> keys, Codec<V> values) {
      this.keys = keys;
      this.values = values;
      this.schema = CodecSchema.of(CodecSchema.Kind.MAP, keys.schema(), values.schema());
    }

    @Override
    public void write(Map<K, V> value, ByteOutput out) {
      out.writeLength(value.size());
      for (Map.Entry<K, V> e : value.entrySet()) {
        out.writeNullable(keys, e.getKey());
        out.writeNullable(values, e.getValue());
      }
    }

    @Override
    public Map<K, V> read(ByteInput in) {
      int n = in.readLength();
      Map<K, V> map = new LinkedHashMap<>();
      for (int i = 0; i < n; i++) {
        K k = in.readNullable(keys);
        map.put(k, in.readNullable(values));
      }
      return map;
    }

    @Override
    public CodecSchema schema() {
      return schema;
    }
  }

  /** An optional value. */
  static final class OptionalCodec<E> implements Codec<Optional<E>> {
    private final Codec<E> element;
    private final CodecSchema schema;

    OptionalCodec(Codec<E> element) {
      this.element = element;
      this.schema = CodecSchema.of(CodecSchema.Kind.OPTIONAL, element.schema());
    }

    @Override
    public void write(Optional<E> value, ByteOutput out) {
      out.writeNullable(element, value.orElse(null));
    }

    @Override
    public Optional<E> read(ByteInput in) {
      return Optional.ofNullable(in.readNullable(element));
    }

    @Override
    public CodecSchema schema() {
      return schema;
    }
  }
}
