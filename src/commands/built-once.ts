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
