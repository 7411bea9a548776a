/**
 * A seeded pseudo-random generator (sfc32, seeded through splitmix32), so a seed always gives the
 * same club. Nothing in the seed may use the global, unseeded generator.
 */
export interface Random {
  /** An unsigned 32-bit integer. */
  uint32(): number;
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both ends included. */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** One item; throws RangeError on an empty list. */
  pick<T>(items: readonly T[]): T;
  /** One item, chosen in proportion to its weight. */
  weighted<T>(choices: readonly (readonly [T, number])[]): T;
  /** A shuffled copy. */
  shuffle<T>(items: readonly T[]): T[];
  /** `count` distinct items (all of them when there are fewer), in random order. */
  sample<T>(items: readonly T[], count: number): T[];
}

/**
 * Creates a generator. `stream` names an independent sequence for the same seed, so that, say,
 * adding an event does not change every member.
 */
export function createRandom(seed: number, stream = ''): Random {
  if (!Number.isSafeInteger(seed)) throw new RangeError(`seed must be a safe integer: ${seed}`);
  let mix = (seed >>> 0) ^ Math.imul(Math.floor(seed / 0x1_0000_0000) >>> 0, 0x9e3779b1);
  mix ^= hashString(stream);
  const splitmix = (): number => {
    mix = (mix + 0x9e3779b9) | 0;
    let z = mix;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();

  const uint32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) uint32();

  const next = (): number => uint32() / 0x1_0000_0000;
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new RangeError('cannot pick from an empty list');
    return items[Math.floor(next() * items.length)] as T;
  };
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const copy = items.slice();
    const n = Math.min(count, copy.length);
    for (let i = 0; i < n; i++) {
      const j = i + Math.floor(next() * (copy.length - i));
      const held = copy[i] as T;
      copy[i] = copy[j] as T;
      copy[j] = held;
    }
    copy.length = n;
    return copy;
  };

  return {
    uint32,
    next,
    int,
    chance: (p) => next() < p,
    pick,
    weighted: (choices) => {
      // index loops: this runs for most members, and cold code pays for iterators
      let total = 0;
      for (let i = 0; i < choices.length; i++)
        total += (choices[i] as readonly [unknown, number])[1];
      let roll = next() * total;
      for (let i = 0; i < choices.length; i++) {
        const choice = choices[i] as (typeof choices)[number];
        roll -= choice[1];
        if (roll < 0) return choice[0];
      }
      const last = choices[choices.length - 1];
      if (last === undefined) throw new RangeError('cannot choose from an empty list');
      return last[0];
    },
    shuffle: (items) => sample(items, items.length),
    sample,
  };
}

/** FNV-1a, to turn a stream name into seed bits. */
function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}
