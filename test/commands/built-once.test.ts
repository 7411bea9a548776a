import { describe, expect, it } from 'vitest';
import { builtOnce } from '../../src/commands/built-once.js';

describe('built once', () => {
  it('builds once per key and hands back what it built, and builds anew for another key', () => {
    const keys: (readonly number[])[] = [];
    const sorted = builtOnce((list: readonly number[]) => {
      keys.push(list);
      return [...list].sort((a, b) => a - b);
    });
    const list = [3, 1, 2];
    const first = sorted(list);
    expect(sorted(list)).toBe(first);
    expect(first).toEqual([1, 2, 3]);
    const refreshed = [2, 1];
    expect(sorted(refreshed)).toEqual([1, 2]);
    expect(keys).toEqual([list, refreshed]);
  });
});
