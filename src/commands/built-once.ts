/**
 * `build`, made once per key and kept for as long as the key lives. The cache hands every read
 * the same (read-only) lists and records until they change, so an index of a list built this way
 * is built once per version of the list, not on every command.
 */
export function builtOnce<K extends object, V extends object>(build: (key: K) => V): (key: K) => V {
  const built = new WeakMap<K, V>();
  return (key) => {
    let value = built.get(key);
    if (value === undefined) {
      value = build(key);
      built.set(key, value);
    }
    return value;
  };
}

/**
 * `build`, made once per key and argument (a day, a weekday) and kept for as long as the key
 * lives: a reply drawn from a cached list and the date is the same for every command that day.
 * Keep the arguments few (a day, an option's choice), never free text: each is kept with its key.
 */
export function builtOncePer<K extends object, A, V>(
  build: (key: K, argument: A) => V,
): (key: K, argument: A) => V {
  const byKey = builtOnce((_key: K) => new Map<A, V>());
  return (key, argument) => {
    const built = byKey(key);
    if (built.has(argument)) return built.get(argument) as V;
    const value = build(key, argument);
    built.set(argument, value);
    return value;
  };
}
