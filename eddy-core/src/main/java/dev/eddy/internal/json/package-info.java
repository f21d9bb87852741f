/**
 * JSON for the checkpoint's logs and the progress reports: {@code Json} reads and writes plain maps
 * and lists through Jackson's streaming core; {@code JsonWriter} writes progress reports (pretty-printed,
 * in Spark's layout). May depend on Jackson only.
 */
package dev.eddy.internal.json;
