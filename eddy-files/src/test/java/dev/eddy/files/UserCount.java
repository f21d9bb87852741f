package dev.eddy.files;

/** The output of the stateful tests: events seen per user so far. */
public record UserCount(String user, long count) {}
