import { describe, expect, it } from 'vitest';
import { PRIORITIES } from '../../src/budget/priority.js';
import { budgetFixture, DAY, HOUR } from './budget-fixture.js';

describe('a 403 from the service', () => {
  it('when the service says the budget is exhausted, every priority is refused until the window moves on', async () => {
    const fixture = budgetFixture(50);
    await fixture.budget.reserve('write');
    const at = fixture.clock.now();
    await fixture.budget.exhausted();
    for (const priority of PRIORITIES) {
      expect(await fixture.budget.reserve(priority)).toMatchObject({
        granted: false,
        reason: 'budget',
        remaining: 0,
        retryAt: at + DAY,
      });
    }
    fixture.clock.advance(DAY - HOUR);
    expect((await fixture.budget.reserve('write')).granted).toBe(false);
    fixture.clock.advance(HOUR);
    for (const priority of PRIORITIES) {
      expect((await fixture.budget.reserve(priority)).granted).toBe(true);
    }
    await fixture.close();
  });

  it('when calls were counted earlier in the window, they still leave it at their own time', async () => {
    const fixture = budgetFixture(50);
    const start = fixture.clock.now();
    await fixture.budget.reserve('write');
    fixture.clock.advance(HOUR);
    await fixture.budget.exhausted();
    expect(await fixture.budget.reserve('write')).toMatchObject({ retryAt: start + DAY });
    fixture.clock.set(start + DAY);
    expect(await fixture.budget.reserve('write')).toMatchObject({ granted: true, used: 50 });
    expect(await fixture.budget.reserve('write')).toMatchObject({
      granted: false,
      retryAt: start + HOUR + DAY,
    });
    await fixture.close();
  });
});
