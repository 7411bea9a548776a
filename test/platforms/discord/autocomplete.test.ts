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

const today = '2026-11-26';
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
    expect((await autocompleteChoices('sessions', 'to', cache, today)).map((c) => c.value)).toEqual(
      ['today', 'tonight'],
    );
    expect(await autocompleteChoices('members', 'jane', cache, today)).toEqual([]);
    expect(
      await autocompleteChoices(
        'members',
        'j',
        { peek: () => Promise.reject(new Error('read')) },
        today,
      ),
    ).toEqual([]);
  });

  it('when linking, only current adults are suggested: never a child, nor someone who has left', async () => {
    const members = [
      memberRecord('a', { firstName: 'Jo', lastName: 'Lane', dateOfBirth: '1984-02-02' }),
      memberRecord('c', { firstName: 'Jo', lastName: 'Lane', dateOfBirth: '2015-06-06' }),
      memberRecord('l', {
        firstName: 'Jon',
        lastName: 'Lane',
        dateOfBirth: '1970-01-01',
        active: false,
      }),
    ];
    const cache = { peek: async <T>() => ({ value: members as T, fetchedAt: 0, stale: false }) };
    expect(await autocompleteChoices('linkable-members', 'jo la', cache, today)).toEqual([
      { name: 'Jo Lane', value: 'Jo Lane' },
    ]);
    expect(await autocompleteChoices('members', 'jo la', cache, today)).toHaveLength(3);
  });
});
