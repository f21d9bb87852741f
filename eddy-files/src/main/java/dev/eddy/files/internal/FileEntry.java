package dev.eddy.files.internal;

/**
 * A file a source has taken into a batch.
 *
 * @param path the file's absolute path
 * @param timestamp its modification time when it was discovered, in epoch milliseconds
 */
record FileEntry(String path, long timestamp) {}
