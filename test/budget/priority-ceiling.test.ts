import { describe, expect, it } from 'vitest';
import { priorityCeiling, priorityFloor } from '../../src/budget/priority.js';

describe('priority ceilings', () => {
  it.each([
    [5000, 5000, 4750, 4000],
    [1000, 1000, 950, 800],
    [50, 50, 47, 40],
    [20, 20, 19, 16],
    [7, 7, 6, 5],
    [2, 2, 1, 1],
  ])(
    'when the limit is %i, writes may count %i, interactive reads %i and background %i',
    (limit, write, interactive, background) => {
      expect(priorityCeiling(limit, 'write')).toBe(write);
      expect(priorityCeiling(limit, 'interactive')).toBe(interactive);
      expect(priorityCeiling(limit, 'background')).toBe(background);
    },
  );

  it('when a share is fractional, the reserve above it is rounded up, never down', () => {
    expect(priorityFloor(50, 'interactive')).toBe(3);
    expect(priorityFloor(4999, 'background')).toBe(1000);
    expect(priorityFloor(5000, 'write')).toBe(0);
  });
});
