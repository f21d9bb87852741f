package dev.eddy.internal.state;

import dev.eddy.spi.StateStoreProvider;
import java.util.ArrayList;
import java.util.List;
import java.util.ServiceLoader;

/**
 * Finds a state store backend by short name (through {@link ServiceLoader}) or class name, as set
 * by {@code eddy.sql.streaming.stateStore.providerClass}.
 */
public final class StateStoreProviders {
  private StateStoreProviders() {}

  /**
   * A new, uninitialised provider for {@code nameOrClass}.
   *
   * @throws IllegalArgumentException naming the setting and the known backends when none matches
   */
  public static StateStoreProvider create(String nameOrClass, String settingName) {
    List<String> known = new ArrayList<>();
    for (StateStoreProvider p : ServiceLoader.load(StateStoreProvider.class, loader())) {
      if (p.shortName().equalsIgnoreCase(nameOrClass) || p.getClass().getName().equals(nameOrClass)) {
        return p;
      }
      known.add(p.shortName());
    }
    try {
      Class<?> c = Class.forName(nameOrClass, true, loader());
      if (!StateStoreProvider.class.isAssignableFrom(c)) {
        throw new IllegalArgumentException(
            "Setting '" + settingName + "': class " + nameOrClass + " does not implement " + StateStoreProvider.class.getName());
      }
      return (StateStoreProvider) c.getDeclaredConstructor().newInstance();
    } catch (ClassNotFoundException e) {
      throw new IllegalArgumentException(
          "Setting '" + settingName + "': unknown state store backend '" + nameOrClass
              + "'; known backends: " + known + " (or a provider class name on the classpath)", e);
    } catch (ReflectiveOperationException e) {
      throw new IllegalArgumentException(
          "Setting '" + settingName + "': cannot instantiate " + nameOrClass + ": " + e, e);
    }
  }

  private static ClassLoader loader() {
    ClassLoader cl = Thread.currentThread().getContextClassLoader();
    return cl != null ? cl : StateStoreProviders.class.getClassLoader();
  }
}
