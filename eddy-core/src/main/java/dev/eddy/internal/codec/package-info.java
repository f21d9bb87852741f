/**
 * What Eddy knows of value types ({@link dev.eddy.internal.codec.TypeInfo}, the one {@code
 * Encoder} implementation) and their compact binary codecs: {@link
 * dev.eddy.internal.codec.Codecs} makes a {@link dev.eddy.internal.codec.Codec} once per type,
 * {@link dev.eddy.internal.codec.CodecSchema} describes its layout for the checkpoint, and {@link
 * dev.eddy.internal.codec.SchemaEvolution} decides which layout changes stored state can follow.
 * Never Java serialization. Depends on {@code dev.eddy} only; composite encoders of other
 * packages plug in through {@link dev.eddy.internal.codec.CompositeEncoder}.
 */
package dev.eddy.internal.codec;
