package dev.eddy;

import java.io.Serializable;
import java.util.List;

/**
 * Describes how Eddy stores and shows values of type {@code T}: scalars (String and boxed
 * primitives) as one column named {@code value}, Java records and beans as one column per field
 * in declaration order. Obtain one from {@link Encoders}; the interface is not for users to
 * implement, since the engine derives its binary codec from the encoders {@link Encoders} makes.
 *
 * <p>State is written with a compact binary codec derived from the encoder (never Java
 * serialization), and the encoder's schema is recorded in the checkpoint.
 */
public interface Encoder<T> extends Serializable {
  /** The class of the values. */
  Class<T> clazz();

  /** Column names, as the console sink shows them. */
  List<String> columnNames();

  /** A human-readable schema, such as {@code struct<userId:String,totalClicks:int>}. */
  String schemaString();
}
