/**
 * The {@code rocksdb} state store backend ({@link dev.eddy.state.rocksdb.RocksDbStateStoreProvider}):
 * per-partition RocksDB databases with changelog files, snapshots and retention in the
 * checkpoint. The only package of Eddy that imports {@code org.rocksdb}; depends on {@code
 * dev.eddy.spi} and the binary codecs of {@code dev.eddy.internal.codec}.
 */
package dev.eddy.state.rocksdb;
