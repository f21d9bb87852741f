package dev.eddy.spi;

/**
 * One independently readable part of a batch's input. Partitions of one batch are read in
 * parallel, each by one thread; rows keep their order within a partition.
 */
public interface InputPartition<T> {
  /** Pushes every row of this partition, in order, to {@code out}. */
  void read(RowConsumer<? super T> out) throws Exception;
}
