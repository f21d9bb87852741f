/**
 * Parsing of durations written as Spark writes them ({@code "10 seconds"}, {@code "1 minute 30
 * seconds"}). Depends on nothing else in Eddy.
 */
package dev.eddy.internal.time;
