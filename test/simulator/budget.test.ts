import { describe, expect, it } from 'vitest';
import { ClubBudgetExhaustedError } from '../../src/club/club-errors.js';
import { useSimulators } from './simulator-fixture.js';

const start = useSimulators();
const hour = 60 * 60 * 1000;

/** A clock the test moves by hand. */
function manualClock(start = Date.parse('2026-03-02T09:00:00Z')) {
  let now = start;
  return { now: () => now, move: (ms: number) => (now += ms) };
}

describe('the daily call budget', () => {
  it('counts down on every response, errors included, and says so in X-Ratelimit-Remaining', async () => {
    const { sim, call } = await start({ dailyLimit: 100, remaining: 10 });
    const remaining: (number | undefined)[] = [];
    const note = async (answer: Promise<{ status: number; remaining: number | undefined }>) => {
      const { status, remaining: left } = await answer;
      remaining.push(left);
      return status;
    };
    expect(await note(call('GET', '/api/Users'))).toBe(200);
    expect(await note(call('GET', '/api/Users?Page=0'))).toBe(400);
    expect(await note(call('GET', '/api/Users/nobody'))).toBe(404);
    expect(await note(call('POST', '/api/IncidentBook', { body: {} }))).toBe(400);
    sim.admin.setFaults({ errorRate: 1 });
    expect(await note(call('GET', '/api/Meets'))).toBe(500);
    expect(remaining).toEqual([9, 8, 7, 6, 5]);
    expect(sim.admin.budget()).toMatchObject({ dailyLimit: 100, remaining: 5 });
  });

  it('does not count a call with a missing or wrong token, but still says what is left', async () => {
    const { sim, call } = await start({ remaining: 42 });
    const missing = await call('GET', '/api/Users', { token: null });
    const wrong = await call('GET', '/api/Users', { token: 'stolen?' });
    expect([missing.status, missing.remaining, wrong.status, wrong.remaining]).toEqual([
      401, 42, 401, 42,
    ]);
    expect(sim.admin.budget().remaining).toBe(42);
  });

  it('past the limit answers 403 with a message and 0 left, and the client reads it as budget exhausted', async () => {
    const { api, call } = await start({ dailyLimit: 2 });
    expect((await call('GET', '/api/Meets')).remaining).toBe(1);
    expect((await call('GET', '/api/Meets')).remaining).toBe(0);
    const refused = await call('GET', '/api/Meets');
    expect(refused).toMatchObject({
      status: 403,
      remaining: 0,
      json: {
        Message: expect.stringContaining('Too many API requests in the current 24 hour period'),
      },
    });
    await expect(api.listMembers()).rejects.toBeInstanceOf(ClubBudgetExhaustedError);
  });

  it('keeps a fixed 24-hour window from the first call, then gives the full limit back', async () => {
    const clock = manualClock();
    const { sim, call } = await start({ dailyLimit: 3, now: clock.now });
    await call('GET', '/api/Meets');
    clock.move(23 * hour);
    await call('GET', '/api/Meets');
    expect((await call('GET', '/api/Meets')).remaining).toBe(0);
    expect((await call('GET', '/api/Meets')).status).toBe(403);
    expect(sim.admin.budget().windowEndsAt).toBe(Date.parse('2026-03-03T09:00:00Z'));
    clock.move(hour);
    const next = await call('GET', '/api/Meets');
    expect([next.status, next.remaining]).toEqual([200, 2]);
    expect(sim.admin.budget().windowStartedAt).toBe(Date.parse('2026-03-03T09:00:00Z'));
  });

  it('moves on when the admin surface advances the clock', async () => {
    const { sim, call } = await start({ dailyLimit: 1 });
    await call('GET', '/api/Meets');
    expect((await call('GET', '/api/Meets')).status).toBe(403);
    sim.admin.advanceClock(24 * hour);
    expect((await call('GET', '/api/Meets')).status).toBe(200);
  });

  it('starts a window even when the first call is refused, so a spent budget comes back', async () => {
    const clock = manualClock();
    const { call } = await start({ dailyLimit: 5, remaining: 0, now: clock.now });
    expect((await call('GET', '/api/Meets')).status).toBe(403);
    clock.move(24 * hour);
    expect((await call('GET', '/api/Meets')).remaining).toBe(4);
  });

  it('takes a new limit and remaining from the admin surface, and reset puts the start back', async () => {
    const { sim, call } = await start({ dailyLimit: 50, remaining: 20 });
    expect(sim.admin.setBudget({ dailyLimit: 10, remaining: 3 })).toMatchObject({
      dailyLimit: 10,
      remaining: 3,
    });
    expect((await call('GET', '/api/Meets')).remaining).toBe(2);
    expect(() => sim.admin.setBudget({ remaining: 11 })).toThrow(/must not exceed dailyLimit/);
    expect(() => sim.admin.setBudget({ remaining: -1 })).toThrow(RangeError);
    sim.admin.reset();
    expect(sim.admin.budget()).toEqual({
      dailyLimit: 50,
      remaining: 20,
      windowStartedAt: null,
      windowEndsAt: null,
    });
  });
});
