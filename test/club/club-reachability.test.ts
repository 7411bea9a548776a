import { describe, expect, it } from 'vitest';
import { createClubReachability } from '../../src/club/club-reachability.js';

describe('createClubReachability', () => {
  it('when never called, the club service counts as reachable', () => {
    expect(createClubReachability().part()).toEqual({ ok: true, detail: 'not called yet' });
  });

  it('when an answer comes between network failures, the count starts again', () => {
    const club = createClubReachability();
    club.failed('refused');
    club.failed('refused');
    club.answered(200);
    club.failed('refused');
    club.failed('refused');
    expect(club.part().ok).toBe(true);
    club.failed('reset');
    expect(club.part()).toEqual({ ok: false, detail: '3 network failures in a row; last: reset' });
  });

  it('when a 401 came, it stays unreachable until another answer; a 403 or 429 (budget) is an answer', () => {
    const club = createClubReachability();
    club.answered(401);
    expect(club.part().ok).toBe(false);
    club.failed('timed out');
    expect(club.part().detail).toContain('(401)');
    club.answered(429);
    expect(club.part()).toEqual({ ok: true, detail: 'answering' });
  });
});
