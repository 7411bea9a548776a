import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAccessPolicy } from '../../src/access/access-policy.js';
import type { ChatUser } from '../../src/core/chat-user.js';
import type { FormId } from '../../src/core/form.js';
import { replyToPlainText } from '../../src/core/reply.js';
import { startBotHarness, type BotHarness } from '../support/bot-harness.js';
import { consoleConversations } from '../support/console-conversations.js';

/*
 * /emaillist from and /event new through the real dispatcher, worker, Redis and simulator, for
 * each role: who gets the form, who is refused, and what is filed, once.
 */

const conversations = consoleConversations();
let harness: BotHarness;
const person = (userId: string): ChatUser => ({ platform: 'console', userId });
const secretary = person('secretary');
const admin = person('admin');
const coach = person('coach');
const anyone = person('anyone');

beforeAll(async () => {
  harness = await startBotHarness({
    sinks: { console: conversations.sink },
    policy: {
      ...defaultAccessPolicy,
      grant: [
        { platform: 'console', user: 'secretary', roles: ['membership'] },
        { platform: 'console', user: 'admin', roles: ['admin'] },
        { platform: 'console', user: 'coach', roles: ['coach', 'head-coach', 'welfare'] },
      ],
    },
    env: { RATE_LIMIT_PER_MINUTE: '100000' },
  });
  // Members and roles in the cache, so the adapter can tell who asks (cold, the worker decides alone).
  await conversations.ask(harness.dispatcher, secretary, '/whoswho');
  await conversations.ask(harness.dispatcher, secretary, '/trials');
});
afterAll(() => harness.stop());

/** Opens the command as `user`: the form's prefilled answers, or the refusal's text. */
async function open(user: ChatUser, slash: string, text: string) {
  const id = randomUUID();
  const result = await harness.dispatcher.command({ id, slash, text }, user, {
    platform: 'console',
    conversationId: id,
  });
  if (result.kind === 'form')
    return Object.fromEntries(result.form.fields.map((f) => [f.id, f.defaultValue ?? '']));
  if (result.kind === 'reply') return replyToPlainText(result.reply);
  throw new Error(`a form command was queued: ${result.kind}`);
}

/** Submits a form as `user` and gives the text of its answer. */
async function submit(
  user: ChatUser,
  form: FormId,
  values: Record<string, string>,
  key = randomUUID(),
) {
  const id = randomUUID();
  const result = await harness.dispatcher.submitForm({ id, key, form, values }, user, {
    platform: 'console',
    conversationId: id,
  });
  if (result.kind === 'reply') return replyToPlainText(result.reply);
  if (result.kind === 'invalid') return Object.values(result.errors).join('\n');
  return replyToPlainText(await conversations.answerTo(id));
}

const lists = (name: string) =>
  harness.simulator.admin.records('emailLists').filter((list) => list.ListName === name);

describe('/emaillist from, through the dispatcher and the worker', () => {
  it.each([
    ['the membership secretary', secretary],
    ['an admin', admin],
  ])(
    'when %s types it, then the form opens filled in with the session and the name',
    async (_who, user) => {
      expect(await open(user, '/emaillist', 'from Friday Minnows as Minnows parents')).toEqual({
        source: 'Friday Minnows',
        name: 'Minnows parents',
      });
    },
  );

  it.each([
    ['a coach', coach],
    ['anyone else', anyone],
  ])(
    'when %s types it or submits it, then it is refused and nothing is filed',
    async (_who, user) => {
      expect(await open(user, '/emaillist', 'from Friday Minnows')).toMatch(/membership|admin/i);
      const answer = await submit(user, 'emaillist', {
        source: 'Friday Minnows',
        name: 'Refused list',
      });
      expect(answer).toMatch(/membership|admin/i);
      expect(lists('Refused list')).toEqual([]);
    },
  );

  it('when the secretary saves a new list, then it is made once, with a count and no address in chat', async () => {
    const answer = await submit(secretary, 'emaillist', {
      source: 'friday minnows',
      name: 'Friday parents',
    });
    expect(answer).toContain('Email list created');
    expect(answer).toMatch(/"Friday parents" holds \d+ (people|person)/);
    expect(answer).not.toContain('@');
    const [made] = lists('Friday parents');
    expect(lists('Friday parents')).toHaveLength(1);
    const count = (made!.Members as unknown[]).length;
    expect(answer).toContain(`People: ${count}`);

    // Another submission of the same list finds it already so, and says nothing was changed.
    const again = await submit(secretary, 'emaillist', {
      source: 'Friday Minnows',
      name: 'Friday parents',
    });
    expect(again).toContain('already holds exactly these');
    expect(lists('Friday parents')).toHaveLength(1);
  });

  it('when a list of that name exists, then an admin’s save replaces its people, and the list stays one', async () => {
    const before = lists('Masters');
    expect(before).toHaveLength(1);
    const answer = await submit(admin, 'emaillist', { source: 'Tuesday Masters', name: 'Masters' });
    expect(answer).toContain('Email list updated');
    const after = lists('Masters');
    expect(after).toHaveLength(1);
    expect(after[0]!.Guid).toBe(before[0]!.Guid);
    expect(answer).toContain(`People: ${(after[0]!.Members as unknown[]).length}`);
  });

  it('when the session is not exact, then it asks "Did you mean …?" and files nothing', async () => {
    const emailListCalls = () =>
      harness.simulator.admin
        .calls()
        .calls.filter((call) => call.path.includes('EmailLists'))
        .reduce((sum, call) => sum + call.count, 0);
    const before = emailListCalls();
    const answer = await submit(secretary, 'emaillist', {
      source: 'Friday Minows',
      name: 'Guessed list',
    });
    expect(answer).toContain('Did you mean Friday Minnows (session)?');
    expect(answer).toContain('What you typed');
    expect(lists('Guessed list')).toEqual([]);
    // The question is answered from the cache: the email lists are not even read.
    expect(emailListCalls()).toBe(before);
  });
});

describe('/event new, through the dispatcher and the worker', () => {
  const event = (title: string) => ({
    title,
    when: '14/03/2030 09:00-17:00',
    venue: 'Leisure Centre',
    entryCloseDate: '1/3/2030',
    fee: '6.50',
  });
  const events = (title: string) =>
    harness.simulator.admin.records('events').filter((record) => record.EventTitle === title);

  it('when an admin opens it, then the form opens; the secretary, a coach and anyone else are refused', async () => {
    expect(await open(admin, '/event', 'new')).toMatchObject({ title: '' });
    for (const user of [secretary, coach, anyone])
      expect(await open(user, '/event', 'new')).toMatch(/admin/i);
  });

  it('when an admin files an event, then it is in ClubEvents once; the same event sent again is not filed twice', async () => {
    const answer = await submit(admin, 'event', event('Spring gala 2030'));
    expect(answer).toContain('Event added');
    const again = await submit(admin, 'event', event('Spring gala 2030'));
    expect(again).toContain('already in the club’s events, so nothing new was filed');
    expect(events('Spring gala 2030')).toEqual([
      expect.objectContaining({
        EventStartDate: '2030-03-14',
        EventStartTime: '09:00',
        EventEndDate: '2030-03-14',
        EventEndTime: '17:00',
        EventVenue: 'Leisure Centre',
        EntryCloseDate: '2030-03-01',
        Fee: 6.5,
      }),
    ]);
    expect(await conversations.ask(harness.dispatcher, anyone, '/events')).toContain(
      'Spring gala 2030',
    );
  });

  it('when the form is wrong, then the answer names what is wrong and keeps the text', async () => {
    const answer = await submit(admin, 'event', {
      ...event('Bad times'),
      when: '14/03/2030 17:00-09:00',
    });
    expect(answer).toContain('When (start and end): ends before it starts');
    expect(events('Bad times')).toEqual([]);
  });

  it('when someone who is not an admin submits it, then it is refused and nothing is filed', async () => {
    const answer = await submit(coach, 'event', event('Not allowed gala'));
    expect(answer).toMatch(/admin/i);
    expect(events('Not allowed gala')).toEqual([]);
  });
});

describe('/event new when the access policy opens it to everyone', () => {
  let open: BotHarness;
  beforeAll(async () => {
    open = await startBotHarness({
      sinks: { console: conversations.sink },
      policy: { ...defaultAccessPolicy, commands: { 'event new': ['everyone'] } },
      env: { RATE_LIMIT_PER_MINUTE: '100000' },
    });
  });
  afterAll(() => open.stop());

  it('when anyone files an event, then it is filed', async () => {
    const id = randomUUID();
    const values = { title: 'Open water day', when: '2/6/2030 10:00-12:00' };
    const result = await open.dispatcher.submitForm(
      { id, key: id, form: 'event', values },
      anyone,
      {
        platform: 'console',
        conversationId: id,
      },
    );
    expect(result.kind).toBe('queued');
    expect(replyToPlainText(await conversations.answerTo(id))).toContain('Event added');
    expect(
      open.simulator.admin
        .records('events')
        .filter((record) => record.EventTitle === 'Open water day'),
    ).toHaveLength(1);
  });
});
