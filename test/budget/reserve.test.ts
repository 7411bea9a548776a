import { afterEach, describe, expect, it } from 'vitest';
import { createDailyBudget } from '../../src/budget/create-daily-budget.js';
import { budgetFixture, DAY, type BudgetFixture } from './budget-fixture.js';

describe('reserving a call', () => {
  let fixture: BudgetFixture;
  afterEach(() => fixture.close());

  it('when calls are reserved, the budget counts down', async () => {
    fixture = budgetFixture(50);
    expect(await fixture.budget.reserve('write')).toEqual({
      granted: true,
      id: expect.any(String),
      used: 1,
      remaining: 49,
    });
    expect(await fixture.budget.reserve('interactive')).toEqual({
      granted: true,
      id: expect.any(String),
      used: 2,
      remaining: 48,
    });
    expect(await fixture.budget.reserve('background')).toEqual({
      granted: true,
      id: expect.any(String),
      used: 3,
      remaining: 47,
    });
  });

  it('when writes reserve, they may use the whole limit', async () => {
    fixture = budgetFixture(50);
    expect(await fixture.reserveUntilRefused('write')).toBe(50);
    expect(await fixture.redis.zcard(fixture.key)).toBe(50);
  });

  it('when interactive reads reserve, they stop at 95% of the limit (47 of 50)', async () => {
    fixture = budgetFixture(50);
    expect(await fixture.reserveUntilRefused('interactive')).toBe(47);
  });

  it('when background refreshes reserve, they stop at 80% of the limit (40 of 50)', async () => {
    fixture = budgetFixture(50);
    expect(await fixture.reserveUntilRefused('background')).toBe(40);
  });

  it('when background has used its share, interactive reads and then writes still get theirs', async () => {
    fixture = budgetFixture(50);
    expect(await fixture.reserveUntilRefused('background')).toBe(40);
    expect(await fixture.reserveUntilRefused('interactive')).toBe(7);
    expect(await fixture.reserveUntilRefused('write')).toBe(3);
  });

  it('when the limit is 5000, interactive reads stop at 4750 and background at 4000', async () => {
    fixture = budgetFixture(5000);
    await fixture.budget.reconcile(5000 - 3999);
    expect(await fixture.budget.reserve('background')).toMatchObject({ granted: true, used: 4000 });
    expect(await fixture.budget.reserve('background')).toMatchObject({ granted: false });
    await fixture.budget.reconcile(5000 - 4749);
    expect(await fixture.budget.reserve('interactive')).toMatchObject({
      granted: true,
      used: 4750,
    });
    expect(await fixture.budget.reserve('interactive')).toMatchObject({ granted: false });
    expect(await fixture.budget.reserve('write')).toMatchObject({ granted: true, used: 4751 });
  });

  it('when the budget is spent, a write is refused with the time the next unit frees', async () => {
    fixture = budgetFixture(50);
    const start = fixture.clock.now();
    for (let i = 0; i < 50; i += 1) {
      expect((await fixture.budget.reserve('write')).granted).toBe(true);
      fixture.clock.advance(1000);
    }
    expect(await fixture.budget.reserve('write')).toEqual({
      granted: false,
      reason: 'budget',
      retryAt: start + DAY,
      used: 50,
      remaining: 0,
    });
  });

  it('when an interactive read is refused, it retries once enough of the oldest calls have left', async () => {
    fixture = budgetFixture(50);
    const start = fixture.clock.now();
    for (let i = 0; i < 50; i += 1) {
      await fixture.budget.reserve('write');
      fixture.clock.advance(1000);
    }
    // 50 counted, ceiling 47: the four oldest must leave, the fourth at start + 3 s + a day.
    const refused = await fixture.budget.reserve('interactive');
    expect(refused).toMatchObject({ granted: false, retryAt: start + 3000 + DAY });
    fixture.clock.set(start + 3000 + DAY - 1);
    expect((await fixture.budget.reserve('interactive')).granted).toBe(false);
    fixture.clock.set(start + 3000 + DAY);
    expect(await fixture.budget.reserve('interactive')).toMatchObject({ granted: true, used: 47 });
  });

  it('when a call is refused, it is not counted', async () => {
    fixture = budgetFixture(50);
    await fixture.reserveUntilRefused('background');
    await fixture.budget.reserve('background');
    await fixture.budget.reserve('background');
    expect((await fixture.budget.state()).used).toBe(40);
  });

  it('when calls are counted, the key holds at most the limit and expires a window later', async () => {
    fixture = budgetFixture(50);
    await fixture.reserveUntilRefused('write');
    await fixture.budget.exhausted();
    await fixture.budget.reconcile(0);
    expect(await fixture.redis.zcard(fixture.key)).toBe(50);
    const ttl = await fixture.redis.pttl(fixture.key);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(DAY);
  });

  it('when Redis has forgotten the scripts, as after a restart, the budget loads them again', async () => {
    fixture = budgetFixture(50);
    await fixture.budget.reserve('write');
    await fixture.redis.script('FLUSH');
    expect(await fixture.budget.reserve('write')).toMatchObject({ granted: true, used: 2 });
    await fixture.redis.script('FLUSH');
    expect((await fixture.budget.state()).used).toBe(2);
  });

  it('when the limit or window is not a usable number, creating the budget fails naming it', () => {
    fixture = budgetFixture(50);
    const { redis } = fixture;
    expect(() => createDailyBudget({ redis, prefix: 'x', limit: 1 })).toThrow(/limit/);
    expect(() => createDailyBudget({ redis, prefix: 'x', limit: 2.5 })).toThrow(/limit/);
    expect(() => createDailyBudget({ redis, prefix: 'x', windowMs: 0 })).toThrow(/windowMs/);
  });
});
