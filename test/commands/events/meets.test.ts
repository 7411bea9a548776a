import { describe, expect, it } from 'vitest';
import type { Meet } from '../../../src/club/domain.js';
import { meetsReply } from '../../../src/commands/events/meets.js';
import { memoryClubData } from '../../support/memory-club-data.js';
import { askerWith, run, tableRows } from '../command-context.js';

describe('/meets', () => {
  it('when anyone asks, then only meets from today on are listed, soonest first', async () => {
    const club = memoryClubData();
    const reply = await run('meets', { data: club.data, asker: askerWith([]) });
    const coming = club.meets.filter((m) => m.startDate >= '2026-03-10');
    expect(tableRows(reply)).toHaveLength(coming.length);
    expect(club.meets.length).toBeGreaterThan(coming.length);
    const firstDates = tableRows(reply).map((row) => row[1]);
    expect(firstDates[0]).toMatch(/^\w{3} \d{1,2} \w{3}/);
  });

  it('when entries are not open yet, closed, or open, then each says so', () => {
    const meet = (guid: string, entryOpenDate: string, entryDeadline: string): Meet => ({
      guid,
      name: guid,
      startDate: '2026-05-01',
      entryOpenDate,
      entryDeadline,
    });
    const reply = meetsReply(
      [
        meet('later', '2026-03-20', '2026-04-10'),
        meet('closed', '2026-01-01', '2026-03-01'),
        meet('open', '2026-02-01', '2026-03-10'),
      ],
      '2026-03-10',
    );
    expect(tableRows(reply).map((row) => row[3])).toEqual([
      'Entries open Fri 20 Mar, close Fri 10 Apr',
      'Entries closed',
      'Entries close today',
    ]);
  });

  it('when a meet started yesterday, then it is not upcoming', () => {
    const reply = meetsReply([{ guid: 'm', name: 'Gone', startDate: '2026-03-09' }], '2026-03-10');
    expect(reply.title).toBe('Upcoming meets');
    expect(tableRows(reply)).toEqual([]);
  });
});
