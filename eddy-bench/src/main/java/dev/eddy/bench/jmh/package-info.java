/**
 * JMH micro-benchmarks of Eddy's hot parts: the binary codecs ({@link
 * dev.eddy.bench.jmh.CodecBench}), the state store backends through the SPI ({@link
 * dev.eddy.bench.jmh.StateStoreBench}), key grouping ({@link dev.eddy.bench.jmh.KeyGroupingBench})
 * and the timer index ({@link dev.eddy.bench.jmh.TimerIndexBench}). Every implementation runs through the same
 * {@code @Param}, every benchmark checks its answer and throws on a wrong one, and each compares
 * against a baseline in the same run where one exists.
 *
 * <p>The build compiles them (the JMH annotation processor writes {@code META-INF/BenchmarkList}
 * into {@code target/classes}) but never runs them. To run them ({@code -foe true} makes a wrong
 * answer fail the run with a non-zero exit; without it JMH reports the failure and exits 0):
 *
 * <pre>{@code
 * cd eddy-bench && mvn -q -o package -DskipTests && java -cp \
 *   "$(mvn -q -o dependency:build-classpath -Dmdep.outputFile=/dev/stdout):target/classes" \
 *   org.openjdk.jmh.Main dev.eddy.bench.jmh -f 1 -wi 2 -i 3 -foe true
 * }</pre>
 *
 * <p>May depend on {@code dev.eddy.internal.*} (it measures internals) and on JMH; nothing in
 * Eddy depends on this package.
 */
package dev.eddy.bench.jmh;
