import { weekdays } from '../../../src/club/domain.js';
import { describe, expect, it } from 'vitest';
import type { ClubSession, Member } from '../../../src/club/domain.js';
import {
  autocompleteChoices,
  memberSuggestions,
  sessionSuggestions,
} from '../../../src/platforms/discord/autocomplete.js';
import { memberRecord } from '../../support/member-record.js';

const session = (name: string, weekday: ClubSession['weekday'], archived = false): ClubSession => ({
  guid: name,
  name,
  weekday,
  startTime: '18:00',
  archived,
  noSessionDates: [],
  coaches: [],
  members: [],
});

const member = (guid: string, firstName: string, lastName: string, active = true): Member =>
  memberRecord(guid, { firstName, lastName, active, isSwimmer: true });

describe('autocomplete suggestions', () => {
  const sessions = [
    session('Tuesday Juniors', 'Tuesday'),
    session('Thursday Masters', 'Thursday'),
    session('Old Tuesday Squad', 'Tuesday', true),
  ];

  it('when "tu" is typed, days and running session names that start with it come first, then those containing it', () => {
    expect(sessionSuggestions(sessions, 'tu').map((choice) => choice.value)).toEqual([
      'Tuesday',
      'Tuesday Juniors',
      'Saturday',
    ]);
    expect(sessionSuggestions(sessions, 'masters').map((choice) => choice.value)).toEqual([
      'Thursday Masters',
    ]);
    expect(sessionSuggestions([], '').map((choice) => choice.value)).toEqual([
      'today',
      'tonight',
      ...weekdays,
    ]);
  });

  it('when part of a name is typed, matching members are suggested, active first, each choice finding one member', () => {
    const members = [
      member('g1', 'Jane', 'Smith'),
      member('g2', 'Jane', 'Smith'),
      member('g3', 'Janet', 'Smythe', false),
      member('g4', 'Tom', 'Jones'),
    ];
    const choices = memberSuggestions(members, 'ja sm');
    expect(choices.map((choice) => choice.name)).toEqual([
      'Jane Smith',
      'Jane Smith',
      'Janet Smythe (left the club)',
    ]);
    // Two Jane Smiths: each choice carries the Guid, so it finds exactly that one.
    expect(choices.map((choice) => choice.value)).toEqual(['g1', 'g2', 'Janet Smythe']);
  });

  it('when the cache is cold, only day words are suggested and nothing is loaded', async () => {
    const cache = { peek: async () => undefined };
    expect((await autocompleteChoices('sessions', 'to', cache)).map((c) => c.value)).toEqual([
      'today',
      'tonight',
    ]);
    expect(await autocompleteChoices('members', 'jane', cache)).toEqual([]);
    expect(
      await autocompleteChoices('members', 'j', { peek: () => Promise.reject(new Error('read')) }),
    ).toEqual([]);
  });
});
