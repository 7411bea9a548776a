import { afterEach, describe, expect, it } from 'vitest';
import { BudgetDeniedError } from '../../src/budget/daily-budget.js';
import { PersonShareSpentError } from '../../src/budget/person-share.js';
import { createPersonShares, type PersonShares } from '../../src/budget/person-shares.js';
import { reserveClubCall } from '../../src/budget/reserve-club-call.js';
import type { ChatUser } from '../../src/core/chat-user.js';
import { budgetFixture, type BudgetFixture } from './budget-fixture.js';

const someone: ChatUser = { platform: 'console', userId: 'someone' };

describe("a person's share of the club's calls", () => {
  let club: BudgetFixture;
  afterEach(() => club.close());

  /** The shares of `club` (a limit of 100): `callsPercent` of it for cold reads. */
  const sharesOf = (callsPercent: number, prefix = club.prefix): PersonShares =>
    createPersonShares({
      redis: club.redis,
      prefix,
      clubLimit: 100,
      settings: { callsPercent, formsPerDay: 3 },
      now: club.clock.now,
    });
  const call = (shares: PersonShares, user = someone) =>
    reserveClubCall(club.budget, 'interactive', () => shares.calls(user));

  it('when the club refuses a call, the person is charged nothing for it', async () => {
    club = budgetFixture(100);
    const shares = sharesOf(4);
    await club.budget.exhausted();
    for (let i = 0; i < 10; i += 1) await expect(call(shares)).rejects.toThrow(BudgetDeniedError);

    await club.redis.del(club.key); // the club's budget has room again; the person's day has not moved
    for (let i = 0; i < 4; i += 1) await call(shares);
    await expect(call(shares)).rejects.toThrow(PersonShareSpentError);
  });

  it("when the person's share refuses a call, the club gets its unit back", async () => {
    club = budgetFixture(100);
    const shares = sharesOf(3);
    for (let i = 0; i < 3; i += 1) await call(shares);
    await expect(call(shares)).rejects.toThrow(PersonShareSpentError);
    expect((await club.budget.state()).used).toBe(3);
  });

  it("is the given percentage of the club's own limit, and two clubs' shares do not meet", async () => {
    club = budgetFixture(100);
    const here = sharesOf(2);
    const elsewhere = sharesOf(3, `${club.prefix}-other`);
    for (let i = 0; i < 2; i += 1) await here.calls(someone);
    await expect(here.calls(someone)).rejects.toThrow(PersonShareSpentError);
    for (let i = 0; i < 3; i += 1) await elsewhere.calls(someone);
    await expect(elsewhere.calls(someone)).rejects.toThrow(PersonShareSpentError);
  });

  it('counts forms by the per-day value it is given', async () => {
    club = budgetFixture(100);
    const shares = sharesOf(2);
    for (const form of ['a', 'b', 'c']) await shares.forms(someone, form);
    await expect(shares.forms(someone, 'd')).rejects.toThrow(PersonShareSpentError);
  });
});
