import { describe, expect, it } from 'vitest';
import { replyToPlainText } from '../../src/commands/reply.js';
import { memoryClubData } from '../support/memory-club-data.js';
import { askerWith, run } from './command-context.js';

const anyone = askerWith([]);

describe('/sessions', () => {
  it('when anyone asks for the timetable, then every current session is listed by day and time without names', async () => {
    const club = memoryClubData();
    const reply = await run('sessions', { data: club.data, asker: anyone });
    const table = reply.sections?.[0];
    if (table?.kind !== 'table') throw new Error('expected a table');
    expect(table.columns).toEqual(['Day', 'Time', 'Session', 'Place', 'Swimmers']);
    expect(table.rows).toHaveLength(club.sessions.filter((s) => !s.archived).length);
    expect(table.rows[0]?.slice(0, 3)).toEqual(['Monday', '17:00–17:45', 'Monday Minnows']);
    expect(table.rows.at(-1)?.[0]).toBe('Sunday');
    expect(reply.personalData).toBe(false);
    const text = replyToPlainText(reply);
    for (const member of club.members) {
      expect(text).not.toContain(`${member.firstName} ${member.lastName}`);
    }
  });

  it('when a weekday is chosen, then only that day is listed with its count against max', async () => {
    const club = memoryClubData();
    const reply = await run('sessions', {
      data: club.data,
      asker: anyone,
      options: { weekday: 'Wednesday' },
    });
    const table = reply.sections?.[0];
    if (table?.kind !== 'table') throw new Error('expected a table');
    expect(reply.title).toBe('Sessions on Wednesday');
    expect(table.rows.map((row) => row[2])).toEqual([
      'Wednesday Development',
      'Wednesday Performance',
    ]);
    const seeded = club.sessions.find((s) => s.name === 'Wednesday Development');
    expect(table.rows[0]?.[4]).toBe(`${seeded?.members.length} / ${seeded?.maxMembers}`);
  });

  it('when a day has no sessions, then the reply says so', async () => {
    const club = memoryClubData();
    club.sessions.splice(
      0,
      club.sessions.length,
      ...club.sessions.filter((s) => s.weekday !== 'Sunday'),
    );
    const reply = await run('sessions', {
      data: club.data,
      asker: anyone,
      options: { weekday: 'Sunday' },
    });
    expect(replyToPlainText(reply)).toContain('No sessions run on Sunday.');
  });
});
