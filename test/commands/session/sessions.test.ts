import { weekdays } from '../../../src/club/domain.js';
import { describe, expect, it } from 'vitest';
import { replyToPlainText } from '../../../src/core/reply.js';
import { memoryClubData } from '../../support/memory-club-data.js';
import { askerWith, run } from '../command-context.js';

const anyone = askerWith([]);
// 2026-03-10 is a Tuesday; noon in London.
const tuesdayNoon = new Date('2026-03-10T12:00:00Z');

const lists = (reply: Awaited<ReturnType<typeof run>>) =>
  (reply.sections ?? []).flatMap((section) =>
    section.kind === 'list' ? [{ day: section.title, items: section.items }] : [],
  );

describe('/sessions', () => {
  it('when anyone asks for the timetable, then every current session is listed under its day, one short line each, without names', async () => {
    const club = memoryClubData();
    const reply = await run('sessions', { data: club.data, asker: anyone });
    const days = lists(reply);
    expect(days.map((day) => day.day)).toEqual([...weekdays]);
    expect(days.flatMap((day) => day.items)).toHaveLength(
      club.sessions.filter((s) => !s.archived).length,
    );
    const monday = club.sessions.find((s) => s.name === 'Monday Minnows');
    expect(days[0]?.items[0]).toBe(
      `17:00–17:45 Minnows, ${monday?.location} (${monday?.members.length} / ${monday?.maxMembers}); no session on Mon 23 Mar, Mon 6 Apr`,
    );
    expect(reply.personalData).toBe(false);
    const text = replyToPlainText(reply);
    for (const member of club.members) {
      expect(text).not.toContain(`${member.firstName} ${member.lastName}`);
    }
  });

  it.each([
    ['Wednesday', 'Sessions: Wed 11 Mar', ['Wednesday']],
    ['tomorrow', 'Sessions: Tomorrow (Wed 11 Mar)', ['Wednesday']],
    ['tonight', 'Sessions: Tonight (Tue 10 Mar)', ['Tuesday']],
    ['friday evening', 'Sessions: Fri 13 Mar evening', ['Friday']],
    ['this weekend', 'Sessions: This weekend', ['Saturday', 'Sunday']],
    ['on weekdays', 'Sessions: Weekdays', ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']],
    ['23 Mar', 'Sessions: Mon 23 Mar', ['Monday', 'Not running']],
  ])('when "%s" is asked, then the timetable narrows to it', async (when, title, days) => {
    const club = memoryClubData();
    const reply = await run('sessions', {
      data: club.data,
      asker: anyone,
      now: tuesdayNoon,
      options: { when },
    });
    expect(reply.title).toBe(title);
    expect(lists(reply).map((day) => day.day)).toEqual(days);
  });

  it('when tonight is asked on a Tuesday, then the early-morning session is left out', async () => {
    const club = memoryClubData();
    const reply = await run('sessions', {
      data: club.data,
      asker: anyone,
      now: tuesdayNoon,
      options: { when: 'tonight' },
    });
    expect(lists(reply)[0]?.items.map((item) => item.split(' ')[1])).toEqual([
      'Juniors,',
      'Development,',
      'Masters,',
    ]);
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
      options: { when: 'Sunday' },
    });
    expect(replyToPlainText(reply)).toContain('No sessions run then (Sun 15 Mar).');
  });

  it('when a day is asked on which a session does not run, then the reply says "no session on" that day', async () => {
    const club = memoryClubData();
    for (const when of ['23/3', 'is training on 23 Mar?', 'mon 23 march']) {
      const reply = await run('sessions', {
        data: club.data,
        asker: anyone,
        now: tuesdayNoon,
        options: { when },
      });
      const text = replyToPlainText(reply);
      expect(text, when).toContain('Monday Minnows: no session on Mon 23 Mar');
      expect(lists(reply)[0]?.items.join(' '), when).not.toContain('Minnows');
    }
  });
});
