package dev.eddy.internal.codec;

/**
 * An encoder whose codec is built from the codecs of its parts by its owner (such as the stateful
 * operator's per-key entry, which wraps the user's state encoder), so that this package need not
 * know the composite type.
 */
public interface CompositeEncoder<T> {
  /** The codec of the current layout. */
  Codec<T> codec();

  /**
   * A codec that reads values stored with {@code written} and writes the current layout.
   *
   * @throws IllegalArgumentException naming the field when the change is incompatible
   */
  Codec<T> codec(CodecSchema written);
}
