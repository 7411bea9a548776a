import { describe, expect, it } from 'vitest';
import { createDailyBudget } from '../../src/budget/create-daily-budget.js';
import { connectTestRedis } from '../support/redis.js';
import { budgetFixture, DAY } from './budget-fixture.js';

describe('reconciling with the service', () => {
  it('when the service reports more remaining than we count, nothing changes', async () => {
    const fixture = budgetFixture(50);
    for (let i = 0; i < 10; i += 1) await fixture.budget.reserve('write');
    await fixture.budget.reconcile(45);
    await fixture.budget.reconcile(50);
    expect((await fixture.budget.state()).used).toBe(10);
    await fixture.close();
  });

  it('when the service reports less remaining, phantom calls make up the difference', async () => {
    const fixture = budgetFixture(50);
    for (let i = 0; i < 10; i += 1) await fixture.budget.reserve('write');
    await fixture.budget.reconcile(20);
    expect((await fixture.budget.state()).used).toBe(30);
    expect(await fixture.reserveUntilRefused('write')).toBe(20);
    await fixture.close();
  });

  it('when a window has passed, the phantom calls leave it too', async () => {
    const fixture = budgetFixture(50);
    await fixture.budget.reconcile(5);
    fixture.clock.advance(DAY - 1);
    expect((await fixture.budget.state()).used).toBe(45);
    fixture.clock.advance(1);
    expect((await fixture.budget.state()).used).toBe(0);
    await fixture.close();
  });

  it('when a remaining is not a non-negative integer, it is rejected', async () => {
    const fixture = budgetFixture(50);
    await expect(fixture.budget.reconcile(-1)).rejects.toThrow(RangeError);
    await expect(fixture.budget.reconcile(Number.NaN)).rejects.toThrow(RangeError);
    await expect(fixture.budget.reconcile(1.5)).rejects.toThrow(RangeError);
    await fixture.close();
  });

  it('when many processes reconcile at once, used never moves backwards', async () => {
    const fixture = budgetFixture(5000);
    const connections = Array.from({ length: 4 }, () => connectTestRedis());
    const budgets = connections.map((redis) =>
      createDailyBudget({ redis, prefix: fixture.prefix, limit: 5000, now: fixture.clock.now }),
    );
    // Headers from responses arriving out of order: a mix of old (high) and new (low) values.
    const reports = Array.from({ length: 200 }, (_, i) => 5000 - ((i * 37) % 200) * 20);
    const observed: number[] = [];
    let reconciling = true;
    const watcher = (async () => {
      while (reconciling) observed.push((await fixture.budget.state()).used);
    })();
    await Promise.all(
      reports.map((remaining, i) => budgets[i % budgets.length]?.reconcile(remaining)),
    );
    reconciling = false;
    await watcher;
    observed.push((await fixture.budget.state()).used);

    expect(observed.at(-1)).toBe(5000 - Math.min(...reports));
    for (let i = 1; i < observed.length; i += 1) {
      expect(observed[i]).toBeGreaterThanOrEqual(observed[i - 1] ?? 0);
    }
    await Promise.all(connections.map((redis) => redis.quit()));
    await fixture.close();
  });
});
