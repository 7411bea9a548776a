import type { Random } from './random.js';

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/**
 * Returns a source of UUID-shaped (version 4 layout) Guids drawn from `random`, never repeating
 * one, so the same seed gives the same Guids.
 */
export function createGuids(random: Random): () => string {
  const issued = new Set<string>();
  const hex8 = (): string => {
    const n = random.uint32();
    return (
      (HEX[n >>> 24] as string) +
      (HEX[(n >>> 16) & 0xff] as string) +
      (HEX[(n >>> 8) & 0xff] as string) +
      (HEX[n & 0xff] as string)
    );
  };
  return () => {
    for (;;) {
      const a = hex8();
      const b = hex8();
      const c = hex8();
      const d = hex8();
      const variant = '89ab'.charAt(random.int(0, 3));
      const guid = `${a}-${b.slice(0, 4)}-4${b.slice(5, 8)}-${variant}${c.slice(1, 4)}-${c.slice(4)}${d}`;
      if (!issued.has(guid)) {
        issued.add(guid);
        return guid;
      }
    }
  };
}
