import { describe, expect, it } from 'vitest';
import type { ClubEvent } from '../../../src/club/domain.js';
import { eventsReply } from '../../../src/commands/events/events.js';
import { memoryClubData } from '../../support/memory-club-data.js';
import { askerWith, run, tableRows } from '../command-context.js';

describe('/events', () => {
  it('when anyone asks, then only events from today on are listed, soonest first, with entry closing dates', async () => {
    const club = memoryClubData();
    const reply = await run('events', { data: club.data, asker: askerWith([]) });
    const coming = club.events.filter((e) => e.startDate >= '2026-03-10');
    expect(tableRows(reply).map((row) => row[0])).toEqual(
      [...coming].sort((a, b) => a.startDate.localeCompare(b.startDate)).map((e) => e.title),
    );
    expect(reply.personalData).toBe(false);
  });

  it('when an entry close date is past, then it says "Entries closed"; today, "Entries close today"', () => {
    const event = (guid: string, entryCloseDate: string): ClubEvent => ({
      guid,
      title: guid,
      startDate: '2026-04-01',
      entryCloseDate,
    });
    const reply = eventsReply(
      [event('past', '2026-03-09'), event('today', '2026-03-10'), event('later', '2026-03-20')],
      '2026-03-10',
    );
    expect(tableRows(reply).map((row) => row[3])).toEqual([
      'Entries closed',
      'Entries close today',
      'Entries close Fri 20 Mar',
    ]);
  });

  it('when more than fifteen are coming, then fifteen are shown "and N more"', () => {
    const many = Array.from({ length: 18 }, (_, i): ClubEvent => ({
      guid: `e${i}`,
      title: `Event ${i}`,
      startDate: `2026-04-${String(i + 1).padStart(2, '0')}`,
    }));
    const reply = eventsReply(many, '2026-03-10');
    expect(tableRows(reply)).toHaveLength(15);
    expect(reply.sections?.[1]).toEqual({ kind: 'text', text: 'and 3 more' });
  });

  it('when nothing is coming up, then the reply says so', () => {
    expect(eventsReply([], '2026-03-10').sections?.[0]).toEqual({
      kind: 'text',
      text: 'No club events are coming up.',
    });
  });
});
