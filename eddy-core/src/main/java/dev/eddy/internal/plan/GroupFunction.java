package dev.eddy.internal.plan;

import dev.eddy.streaming.GroupState;
import java.io.Serializable;
import java.util.Iterator;

/** The user's state function in one shape: a call returns an iterator of output rows. */
@FunctionalInterface
public interface GroupFunction extends Serializable {
  Iterator<Object> call(Object key, Iterator<Object> values, GroupState<Object> state) throws Exception;
}
