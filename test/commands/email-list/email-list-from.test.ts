import { describe, expect, it } from 'vitest';
import type { ClubSession, NamedMembership } from '../../../src/club/domain.js';
import type { FormCommand } from '../../../src/core/command.js';
import { replyToPlainText } from '../../../src/core/reply.js';
import { findCommand } from '../../../src/commands/registry.js';
import {
  emailListSavedReply,
  sourceQuestionReply,
} from '../../../src/commands/email-list/email-list-replies.js';
import { listRecipients } from '../../../src/commands/email-list/list-recipients.js';
import { findListSource, listSources } from '../../../src/commands/email-list/list-source.js';
import { memberRecord } from '../../support/member-record.js';
import { askerWith, london } from '../command-context.js';

const command = findCommand('emaillist from') as FormCommand;
const now = new Date('2026-03-02T12:00:00Z');
const today = '2026-03-02';

const session = (guid: string, name: string, members: string[], archived = false): ClubSession => ({
  guid,
  name,
  archived,
  noSessionDates: [],
  coaches: [],
  members: members.map((member) => ({ guid: member })),
});
const group = (guid: string, name: string, members: string[]): NamedMembership => ({
  guid,
  name,
  members,
});
const sources = listSources(
  [
    session('s1', 'Friday Minnows', ['kid-1', 'kid-2', 'kid-3']),
    session('s2', 'Tuesday Minnows', ['kid-2']),
    session('s3', 'Masters', ['adult-1']),
    session('s4', 'Old Squad', ['kid-1'], true),
  ],
  [group('g1', 'Masters', ['adult-1']), group('g2', 'Seniors', ['adult-1', 'kid-3'])],
);

describe('/emaillist from: the form', () => {
  it('when typed with a session and "as" a name, then the form opens filled in with both', () => {
    const form = command.buildForm({
      asker: askerWith(['membership']),
      now,
      timezone: london,
      options: { from: 'Friday Minnows as Minnows parents' },
    });
    expect(command.roles).toEqual(['membership', 'admin']);
    expect(form.title.length).toBeLessThanOrEqual(45);
    expect(form.fields.map((field) => [field.id, field.defaultValue])).toEqual([
      ['source', 'Friday Minnows'],
      ['name', 'Minnows parents'],
    ]);
  });

  it('when typed with a session alone, then the list is named after it', () => {
    const form = command.buildForm({
      asker: askerWith(['admin']),
      now,
      timezone: london,
      options: { from: 'Seniors squad' },
    });
    expect(form.fields.map((field) => field.defaultValue)).toEqual([
      'Seniors squad',
      'Seniors squad',
    ]);
  });
});

describe('/emaillist from: which session or squad', () => {
  it('when the name is exact in any case, then it is that one', () => {
    expect(findListSource('friday  minnows', sources)).toEqual({ exact: sources[0] });
  });

  it('when a session and a squad share the name, then it asks, and "squad" picks the squad', () => {
    const both = findListSource('Masters', sources);
    expect('suggestions' in both && both.suggestions.map((s) => s.kind)).toEqual([
      'session',
      'squad',
    ]);
    expect(findListSource('Masters squad', sources)).toMatchObject({ exact: { guid: 'g1' } });
  });

  it.each([
    ['minnows', ['Friday Minnows', 'Tuesday Minnows']],
    ['Friday Minows', ['Friday Minnows']],
    ['Seniros', ['Seniors']],
    ['Old Squad', []],
    ['Water polo', []],
  ])('when "%s" is typed, then nothing is taken: it asks about %j', (typed, names) => {
    const match = findListSource(typed, sources);
    expect(match).toEqual({ suggestions: expect.any(Array) });
    if ('suggestions' in match) expect(match.suggestions.map((s) => s.name)).toEqual(names);
  });
});

describe('/emaillist from: who is on the list', () => {
  const members = [
    memberRecord('kid-1', { dateOfBirth: '2015-01-01', parents: ['mum-1'] }),
    // Only the parent's record names this child: the relation is read from both sides.
    memberRecord('kid-2', { dateOfBirth: '2016-01-01' }),
    memberRecord('kid-3', { dateOfBirth: '2014-01-01' }),
    memberRecord('mum-1', { email: 'mum@example.org', swimmers: ['kid-1', 'kid-2'] }),
    memberRecord('dad-2', { swimmers: ['kid-2'] }),
    memberRecord('adult-1', { dateOfBirth: '1980-01-01', email: 'a@example.org' }),
    memberRecord('gone', { dateOfBirth: '1980-01-01', active: false }),
  ];

  it('when the members are children and adults, then it holds each child’s parents once and the adults', () => {
    const recipients = listRecipients(
      ['kid-1', 'kid-2', 'kid-3', 'adult-1', 'gone', 'nobody'],
      members,
      today,
    );
    expect(recipients).toEqual({
      guids: ['mum-1', 'dad-2', 'adult-1'],
      swimmers: 4,
      parents: 2,
      adults: 1,
      childrenWithoutParent: 1,
      withoutEmail: 1,
    });
  });

  it('when it is confirmed, then the reply counts people and shows no address or name of anyone on it', () => {
    const recipients = listRecipients(['kid-1', 'kid-2', 'kid-3', 'adult-1'], members, today);
    const text = replyToPlainText(
      emailListSavedReply(
        'created',
        { guid: 'el-1', name: 'Minnows parents' },
        sources[0]!,
        recipients,
      ),
    );
    expect(text).toContain('"Minnows parents" holds 3 people');
    expect(text).toContain('1 under-18 swimmer has no parent on record');
    expect(text).not.toMatch(/@|mum-1|dad-2|adult-1|kid-/);
  });

  it('when the source is near, then the question offers each near one as a button that fills the form in', () => {
    const reply = sourceQuestionReply(
      { title: 'Email list', fields: [] },
      { source: 'minnows', name: 'minnows' },
      sources.slice(0, 2),
    );
    expect(replyToPlainText(reply)).toContain(
      'Did you mean Friday Minnows (session) or Tuesday Minnows (session)?',
    );
    expect(reply.actions?.map((action) => action.form?.values)).toEqual([
      { source: 'Friday Minnows session', name: 'Friday Minnows' },
      { source: 'Tuesday Minnows session', name: 'Tuesday Minnows' },
    ]);
  });
});
