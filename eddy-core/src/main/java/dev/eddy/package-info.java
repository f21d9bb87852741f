/**
 * Eddy's public entry points, named as Spark's: {@link dev.eddy.EddySession}, {@link
 * dev.eddy.Dataset}, {@link dev.eddy.KeyValueGroupedDataset}, {@link dev.eddy.Encoder}/{@link
 * dev.eddy.Encoders}, {@link dev.eddy.Row}. A Spark user ports a stateful query by changing imports
 * and the session class. Types from {@code dev.eddy.internal} never appear in these signatures.
 */
package dev.eddy;
