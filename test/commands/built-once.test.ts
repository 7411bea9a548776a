import { describe, expect, it } from 'vitest';
import { builtOnce, builtOncePer } from '../../src/commands/built-once.js';

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

  it('builds once per key and argument, and builds anew for another argument or key', () => {
    const built: string[] = [];
    const rowsOn = builtOncePer((list: readonly string[], day: string) => {
      built.push(`${list.length} ${day}`);
      return list.map((item) => `${day} ${item}`);
    });
    const list = ['swim', 'gala'];
    const monday = rowsOn(list, 'Mon');
    expect(rowsOn(list, 'Mon')).toBe(monday);
    expect(monday).toEqual(['Mon swim', 'Mon gala']);
    expect(rowsOn(list, 'Tue')).toEqual(['Tue swim', 'Tue gala']);
    expect(rowsOn(['swim'], 'Mon')).toEqual(['Mon swim']);
    expect(built).toEqual(['2 Mon', '2 Tue', '1 Mon']);
  });
});
