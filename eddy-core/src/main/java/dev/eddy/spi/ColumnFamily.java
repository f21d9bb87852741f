package dev.eddy.spi;

import dev.eddy.Encoder;

/**
 * A named key-value space inside one state store. An operator may declare several (one per state
 * variable, plus its own bookkeeping); all of them commit and roll back together.
 *
 * @param name unique within the store; letters, digits, '-' and '_'
 * @param keyEncoder how keys are encoded when a backend needs bytes
 * @param valueEncoder how values are encoded when a backend needs bytes
 */
public record ColumnFamily<K, V>(String name, Encoder<K> keyEncoder, Encoder<V> valueEncoder) {
  public ColumnFamily {
    if (name == null || !name.matches("[A-Za-z0-9_-]+")) {
      throw new IllegalArgumentException("Invalid column family name '" + name + "'");
    }
  }
}
