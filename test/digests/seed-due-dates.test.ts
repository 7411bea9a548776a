import { describe, expect, it } from 'vitest';
import { addDays, endOfWeek } from '../../src/digests/calendar-days.js';
import { generateClub } from '../../src/simulator/seed/generate-club.js';

describe("the simulator's club gives digests something to say on its today", () => {
  it.each(['2026-03-09', '2026-03-12', '2026-03-15', '2026-11-26'])(
    'when today is %s, then some DBS renewals are due within 60 days, some are overdue, a meet deadline falls this week and trial requests came in today',
    (today) => {
      for (const members of [60, 250, 5000]) {
        const club = generateClub({ members, seed: 1, today });
        const renewals = club.users.flatMap((user) => user.DBSRenewalDate ?? []);
        expect(renewals.some((date) => date >= today && date <= addDays(today, 60))).toBe(true);
        expect(renewals.some((date) => date < today)).toBe(true);
        expect(
          club.meets.some(
            (meet) => meet.EntryDeadline >= today && meet.EntryDeadline <= endOfWeek(today),
          ),
        ).toBe(true);
        expect(club.trialRequests.some((request) => request.DateAdded === today)).toBe(true);
        for (const meet of club.meets) {
          expect(
            meet.EntryOpenDate < meet.EntryDeadline && meet.EntryDeadline < meet.StartDate,
          ).toBe(true);
        }
      }
    },
  );
});
