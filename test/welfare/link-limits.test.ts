import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubLinking, runDiscordLink } from '../../src/cli/run-discord-link.js';
import type { ChatUser } from '../../src/core/chat-user.js';
import { replyToPlainText, type Reply } from '../../src/core/reply.js';
import type { ReplyAddress } from '../../src/delivery/reply-address.js';
import { createReplyOutbox } from '../../src/delivery/reply-outbox.js';
import type { WireRecord } from '../../src/simulator/simulator-collections.js';
import { harnessTimezone, startBotHarness, type BotHarness } from '../support/bot-harness.js';
import { consoleConversations } from '../support/console-conversations.js';
import { waitFor } from '../support/wait-for.js';

/*
 * Links with limits, through the real dispatcher, worker, outbox and deliverer on Redis: one
 * Discord account per member, privileged members only by the operator, every link told to the
 * welfare officers at once and shown by /audit.
 */

const conversations = consoleConversations();
const posts: { address: ReplyAddress; reply: Reply }[] = [];
let harness: BotHarness;
let users: WireRecord[];

const chairDiscord: ChatUser = { platform: 'discord', userId: '710000000000000001' };
const welfareDiscord: ChatUser = { platform: 'discord', userId: '710000000000000002' };
const first = '710000000000000003';
const second = '710000000000000004';
const third = '710000000000000005';

const name = (user: WireRecord) =>
  `${String(user.KnownAs || user.Firstname)} ${String(user.Lastname)}`;
const holderOf = (roleName: string): WireRecord => {
  const role = harness.simulator.admin.records('roles').find((r) => r.RoleName === roleName);
  const [guid] = (role?.Members as { Guid: string }[]).map((ref) => ref.Guid);
  return users.find((user) => user.Guid === guid) as WireRecord;
};
let coach: WireRecord;

beforeAll(async () => {
  harness = await startBotHarness({
    sinks: {
      console: conversations.sink,
      discord: { deliver: async (address, reply) => void posts.push({ address, reply }) },
    },
    env: { RATE_LIMIT_PER_MINUTE: '100000' },
  });
  users = harness.simulator.admin.records('users');
  const privileged = ['Welfare Officer', 'Head Coach', 'Chair', 'Secretary'].map(
    (role) => holderOf(role).Guid,
  );
  coach = users.find(
    (user) =>
      user.Active !== 0 &&
      user.IsACoach === 1 &&
      user.DOB &&
      !privileged.includes(user.Guid) &&
      users.filter((other) => other.Email === user.Email).length === 1,
  ) as WireRecord;
  // The operator linked the Chair (an admin) and the welfare officer before.
  await harness.services.links.set(chairDiscord, String(holderOf('Chair').Guid));
  await harness.services.links.set(welfareDiscord, String(holderOf('Welfare Officer').Guid));
});
afterAll(() => harness.stop());

/** `/link` as the Chair types it in Discord; the answer's text. */
async function link(user: string, member: string): Promise<string> {
  const id = randomUUID();
  const result = await harness.dispatcher.command(
    { id, name: 'link', options: { user, member } },
    chairDiscord,
    { platform: 'console', conversationId: id },
  );
  if (result.kind === 'reply') return replyToPlainText(result.reply);
  return replyToPlainText(await conversations.answerTo(id));
}

/** `npm run discord:link -- …` on the harness's club; its exit code and what it printed. */
async function operator(...args: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const code = await runDiscordLink(args, {
    hosting: false,
    club: async () => clubLinking(harness.services, harnessTimezone),
    print: (line) => lines.push(line),
  });
  return { code, out: lines.join('\n') };
}

/** `/audit <member>` as the welfare officer asks it. */
const auditOf = (member: WireRecord) =>
  conversations.ask(harness.dispatcher, welfareDiscord, '/audit', name(member));

const linkedTo = (userId: string) => harness.services.links.get({ platform: 'discord', userId });

/** What the welfare officer was sent about a Discord user, once every notice is delivered. */
async function toldAbout(userId: string): Promise<string[]> {
  const outbox = createReplyOutbox(
    harness.services.redis,
    harness.services.prefix,
    harness.services.sealer,
  );
  await waitFor(async () => (await outbox.pending()) === 0, 'every notice to be delivered');
  return posts
    .filter(
      ({ address, reply }) =>
        address.platform === 'post' &&
        address.to === welfareDiscord.userId &&
        reply.title === 'Discord account linked' &&
        replyToPlainText(reply).includes(userId),
    )
    .map(({ reply }) => replyToPlainText(reply));
}

describe('links with limits', () => {
  it('when an admin links a Discord account in chat, the welfare officer is told at once and /audit shows it', async () => {
    const answer = await link(first, String(coach.Email));
    expect(answer).toContain(`Discord user ${first} is now linked to ${name(coach)}.`);
    expect(answer).toContain(
      `The welfare officers were told: ${name(holderOf('Welfare Officer'))}.`,
    );
    const [notice, ...more] = await toldAbout(first);
    expect(more).toEqual([]);
    expect(notice).toContain(`Linked to: ${name(coach)}`);
    expect(notice).toContain(`Linked by: ${name(holderOf('Chair'))}, with /link`);
    expect(notice).toContain('Roles it gives: coach');

    const audit = await auditOf(coach);
    expect(audit).toContain('/link');
    expect(audit).toContain(name(holderOf('Chair')));
  });

  it('when a second Discord account is linked in chat to a member already linked, it is refused, naming the holder to the admin', async () => {
    const answer = await link(second, String(coach.Guid));
    expect(answer).toContain('Not linked');
    expect(answer).toContain(`already linked to Discord user ${first}`);
    expect(answer).toContain('Only the operator can move the link');
    expect(await linkedTo(second)).toBeUndefined();
    expect(await linkedTo(first)).toBe(coach.Guid);
    expect(await toldAbout(second)).toEqual([]);
  });

  it.each(['Welfare Officer', 'Head Coach', 'Secretary'])(
    'when an admin links the %s in chat, it is refused: that takes the operator',
    async (role) => {
      const answer = await link(third, String(holderOf(role).Guid));
      expect(answer).toContain('Not linked');
      expect(answer).toMatch(/holds the (welfare|head-coach|admin)( and \w+)? role/);
      expect(answer).toContain('club-bot discord-link');
      expect(await linkedTo(third)).toBeUndefined();
    },
  );

  it('when the operator links the head coach with the CLI, it is made, the welfare officer is told and /audit shows it', async () => {
    const headCoach = holderOf('Head Coach');
    const made = await operator(third, String(headCoach.Guid));
    expect(made.code).toBe(0);
    expect(made.out).toContain(`is now linked to ${name(headCoach)}`);
    expect(made.out).toContain('The welfare officers were told');
    const [notice] = await toldAbout(third);
    expect(notice).toContain('Linked by: the operator, with club-bot discord-link');
    expect(notice).toContain('head-coach');
    const audit = await auditOf(headCoach);
    expect(audit).toContain('the operator (club-bot discord-link)');
  });

  it('when the operator moves a member’s link with --replace, the old account loses it and the welfare officer is told', async () => {
    const refused = await operator(second, String(coach.Guid));
    expect(refused).toMatchObject({ code: 1, out: expect.stringContaining('Add --replace') });
    const moved = await operator('--replace', second, String(coach.Guid));
    expect(moved.code).toBe(0);
    expect(moved.out).toContain(`Discord user ${first} no longer is.`);
    expect(await linkedTo(first)).toBeUndefined();
    expect(await linkedTo(second)).toBe(coach.Guid);
    const [notice] = await toldAbout(second);
    expect(notice).toContain(`Moved from Discord user: ${first}`);
  });

  it('when two accounts are linked to one member at the same moment, only one link is made', async () => {
    const member = users.find(
      (user) =>
        user.Active !== 0 &&
        user.IsACoach === 1 &&
        user.DOB &&
        user.Guid !== coach.Guid &&
        !['Welfare Officer', 'Head Coach', 'Chair', 'Secretary'].some(
          (role) => holderOf(role).Guid === user.Guid,
        ),
    ) as WireRecord;
    const racers = ['710000000000000006', '710000000000000007'];
    const results = await Promise.all(racers.map((racer) => link(racer, String(member.Guid))));
    expect(results.filter((answer) => answer.includes('is now linked'))).toHaveLength(1);
    const linked = await Promise.all(racers.map(linkedTo));
    expect(linked.filter((guid) => guid === member.Guid)).toHaveLength(1);
  });
});
