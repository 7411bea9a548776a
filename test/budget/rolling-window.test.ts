import { describe, expect, it } from 'vitest';
import { budgetFixture, DAY, HOUR } from './budget-fixture.js';

describe('the rolling window', () => {
  it('when calls are older than the window, they free up one by one', async () => {
    const fixture = budgetFixture(50);
    const start = fixture.clock.now();
    // 10 calls in each of the first five hours.
    for (let hour = 0; hour < 5; hour += 1) {
      fixture.clock.set(start + hour * HOUR);
      for (let i = 0; i < 10; i += 1) await fixture.budget.reserve('write');
    }
    fixture.clock.set(start + DAY - 1);
    expect((await fixture.budget.reserve('write')).granted).toBe(false);
    fixture.clock.set(start + DAY);
    expect(await fixture.reserveUntilRefused('write')).toBe(10);
    fixture.clock.set(start + HOUR + DAY);
    expect(await fixture.reserveUntilRefused('write')).toBe(10);
    expect((await fixture.budget.state()).used).toBe(50);
    await fixture.close();
  });

  it('when the window has moved on, the old calls are trimmed from the set', async () => {
    const fixture = budgetFixture(50);
    for (let i = 0; i < 30; i += 1) await fixture.budget.reserve('write');
    fixture.clock.advance(DAY);
    await fixture.budget.reserve('write');
    expect(await fixture.redis.zcard(fixture.key)).toBe(1);
    await fixture.close();
  });
});
