import { describe, expect, it } from 'vitest';
import { budgetFixture, DAY, HOUR } from './budget-fixture.js';

describe('the state of the budget', () => {
  it('when nothing is counted, everything is available and nothing is waited for', async () => {
    const fixture = budgetFixture(50);
    expect(await fixture.budget.state()).toEqual({
      at: fixture.clock.now(),
      limit: 50,
      used: 0,
      remaining: 50,
      windowMs: DAY,
      nextUnitAt: null,
      byPriority: {
        write: { floor: 0, ceiling: 50, available: 50, nextUnitAt: null },
        interactive: { floor: 3, ceiling: 47, available: 47, nextUnitAt: null },
        background: { floor: 10, ceiling: 40, available: 40, nextUnitAt: null },
      },
    });
    await fixture.close();
  });

  it('when calls are counted, it reports used, remaining and when units free for each priority', async () => {
    const fixture = budgetFixture(50);
    const start = fixture.clock.now();
    for (let i = 0; i < 44; i += 1) {
      await fixture.budget.reserve('write');
      fixture.clock.advance(1000);
    }
    const state = await fixture.budget.state();
    expect(state).toMatchObject({ used: 44, remaining: 6, nextUnitAt: start + DAY });
    expect(state.byPriority).toEqual({
      write: { floor: 0, ceiling: 50, available: 6, nextUnitAt: null },
      interactive: { floor: 3, ceiling: 47, available: 3, nextUnitAt: null },
      // 44 counted, ceiling 40: the fifth oldest must leave.
      background: { floor: 10, ceiling: 40, available: 0, nextUnitAt: start + 4000 + DAY },
    });
    await fixture.close();
  });

  it('when reading the state, calls that have left the window are not counted and nothing changes', async () => {
    const fixture = budgetFixture(50);
    const start = fixture.clock.now();
    for (let i = 0; i < 5; i += 1) await fixture.budget.reserve('write');
    fixture.clock.advance(HOUR);
    await fixture.budget.reconcile(10);
    fixture.clock.set(start + DAY);
    expect(await fixture.budget.state()).toMatchObject({
      used: 35,
      remaining: 15,
      nextUnitAt: start + HOUR + DAY,
    });
    expect(await fixture.redis.zcard(fixture.key)).toBe(40);
    await fixture.close();
  });
});
