import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatUser } from '../../src/core/chat-user.js';
import { replyToPlainText } from '../../src/core/reply.js';
import type { WireRecord } from '../../src/simulator/simulator-collections.js';
import { startBotHarness, type BotHarness } from '../support/bot-harness.js';
import { consoleConversations } from '../support/console-conversations.js';

/*
 * Refusals and form notices name who can help, from the club's own records, through the real
 * dispatcher, worker and Redis; with no reporting account, an unlinked report is answered before
 * any question is asked.
 */

const conversations = consoleConversations();
let harness: BotHarness;
let coach: ChatUser;
const stranger: ChatUser = { platform: 'slack', userId: 'U-stranger', email: 'nobody@example.org' };
const holders = (office: RegExp) => {
  const { admin } = harness.simulator;
  const users = admin.records('users');
  return admin
    .records('roles')
    .filter((role) => office.test(String(role.RoleName)))
    .flatMap((role) => (role.Members as { Guid: string }[]).map((ref) => ref.Guid))
    .map((guid) => users.find((user) => user.Guid === guid) as WireRecord)
    .map((user) => `${String(user.Firstname)} ${String(user.Lastname)}`);
};

beforeAll(async () => {
  harness = await startBotHarness({
    sinks: { console: conversations.sink },
    env: { RATE_LIMIT_PER_MINUTE: '100000' },
  });
  const users = harness.simulator.admin.records('users');
  const record = users.find(
    (user) =>
      user.IsACoach === 1 &&
      user.Active === 1 &&
      users.filter((other) => other.Email === user.Email).length === 1,
  ) as WireRecord;
  coach = { platform: 'slack', userId: 'U-coach', email: String(record.Email) };
});
afterAll(() => harness.stop());

const ask = (user: ChatUser, slash: string, text = '') =>
  conversations.ask(harness.dispatcher, user, slash, text);

describe('a refusal names who can help', () => {
  it('when a linked coach runs /trial new, then the membership secretary is named, nothing is said about linking, and it is under 200 characters', async () => {
    await ask(coach, '/whoswho'); // the worker caches members and roles: the adapter decides
    const text = await ask(coach, '/trial', 'new');
    const refusal = text.split('\n').at(-1)!;
    expect(refusal).toContain('Only the membership secretary can use /trial new.');
    for (const name of holders(/^membership secretary$/i)) expect(refusal).toContain(name);
    expect(refusal).not.toMatch(/link/i);
    expect(refusal.length).toBeLessThan(200);
  });

  it('when a coach adds the renewals digest, then it reads as English naming the welfare officer', async () => {
    const text = await ask(coach, '/digest', 'add renewals');
    expect(text).toContain('Only the welfare officer may add the renewals digest. Ask ');
    expect(text).toContain(`${holders(/^welfare officer$/i)[0]} (Welfare Officer)`);
  });

  it('when someone the bot cannot link runs /incident list, then the bot admins who can link them are named', async () => {
    const text = await ask(stranger, '/incident', 'list');
    const refusal = text.split('\n').at(-1)!;
    expect(refusal).toContain('The bot has not linked your chat account to a member:');
    expect(refusal).toContain(holders(/^(chair|secretary)$/i)[0]);
    expect(refusal.length).toBeLessThan(200);
  });
});

describe("a member's card", () => {
  it('when a coach looks up a child outside their sessions, then they are told which coaches, and which welfare officers, can see the contacts', async () => {
    const { admin } = harness.simulator;
    const users = admin.records('users');
    const me = users.find((user) => user.Email === coach.email) as WireRecord;
    const guids = (refs: unknown) => (refs as { Guid: string }[]).map((ref) => ref.Guid);
    const sessions = admin.records('sessions').filter((session) => session.Archived !== 1);
    const coachesOf = (guid: string) =>
      sessions
        .filter((session) => guids(session.Members).includes(guid))
        .flatMap((session) => guids(session.Coaches));
    const childGuid = sessions
      .flatMap((session) => guids(session.Members))
      .find((guid) => !coachesOf(guid).includes(String(me.Guid)))!;
    const coachesOfChild = coachesOf(childGuid);
    const child = users.find((user) => user.Guid === childGuid) as WireRecord;
    const text = await ask(coach, '/member', String(child.Guid));
    expect(text).toContain('Contact details are shown to the welfare officer (');
    const firstCoach = users.find((user) => user.Guid === coachesOfChild[0]) as WireRecord;
    expect(text).toContain(String(firstCoach.Lastname));
    expect(text).not.toMatch(/07\d{3} \d{6}/);
  });
});

describe('an unlinked report, with no reporting account', () => {
  it('when they open /incident new, then before any question they are told whom to tell, by name, and no form opens', async () => {
    await ask(stranger, '/whoswho'); // members and roles are in the cache by now
    const id = randomUUID();
    const result = await harness.dispatcher.command(
      { id, slash: '/incident', text: 'new' },
      stranger,
      { platform: 'console', conversationId: id },
    );
    expect(result.kind).toBe('reply');
    const text = result.kind === 'reply' ? replyToPlainText(result.reply) : '';
    expect(text).toContain('cannot file your report');
    for (const name of holders(/welfare officer$/i)) expect(text).toContain(name);
    expect(result.kind === 'reply' && result.reply.actions).toBeFalsy();
  });
});
