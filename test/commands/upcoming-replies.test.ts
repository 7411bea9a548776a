import { describe, expect, it } from 'vitest';
import { eventsReply } from '../../src/commands/events.js';
import { isLastingSection } from '../../src/commands/lasting-section.js';
import { meetsReply } from '../../src/commands/meets.js';
import type { Reply } from '../../src/commands/reply.js';
import { memoryClubData, type MemoryClub } from '../support/memory-club-data.js';
import { askerWith, run } from './command-context.js';

describe.each([
  { name: 'events', on: (club: MemoryClub, day: string) => eventsReply(club.events, day) },
  { name: 'meets', on: (club: MemoryClub, day: string) => meetsReply(club.meets, day) },
])('/$name', ({ name, on }) => {
  it('when asked again the same day from the same list, then it is the same lasting sections; the next day, built anew', async () => {
    const club = memoryClubData({ sameLists: true });
    const ask = (at: string) =>
      run(name, { data: club.data, asker: askerWith([]), now: new Date(at) });
    const first = await ask('2026-03-10T09:00:00Z');
    expect(first.sections?.length).toBeGreaterThan(0);
    expect(first.sections?.every(isLastingSection)).toBe(true);
    expect((await ask('2026-03-10T20:00:00Z')).sections).toBe(first.sections);
    const tomorrow = await ask('2026-03-11T09:00:00Z');
    expect(tomorrow.sections).not.toBe(first.sections);
    const sections = (reply: Reply) => JSON.stringify(reply.sections);
    expect(sections(tomorrow)).toBe(sections(on(club, '2026-03-11')));
  });
});
