import { beforeAll, describe, expect, it } from 'vitest';
import { linkableMembers } from '../../../src/access/linkable-member.js';
import type { Member } from '../../../src/club/domain.js';
import { clubToday } from '../../../src/club/time/club-time.js';
import { displayName } from '../../../src/club/members/members-of.js';
import { autocomplete, chatInput, type Sender } from '../../fakes/discord/interactions.js';
import { textOf } from '../../fakes/discord/records.js';
import { harnessTimezone } from '../../support/bot-harness.js';
import { applicationId, coach, useDiscordFixture } from './app-fixture.js';

const discord = useDiscordFixture();
let members: Member[];
let adults: Member[];
/** The Chair (an admin by the club's records), linked to this Discord user. */
const chair: Sender = { applicationId, userId: '600000000000000031' };
const newcomer = '600000000000000032';

beforeAll(async () => {
  const { services, simulator } = discord.harness;
  const chairRole = simulator.admin.records('roles').find((role) => role.RoleName === 'Chair');
  const chairGuid = (chairRole?.Members as { Guid: string }[])[0]?.Guid ?? '';
  await services.links.set({ platform: 'discord', userId: chair.userId }, chairGuid);
  members = (await services.data.members()).value;
  adults = linkableMembers(members, clubToday(new Date(), harnessTimezone));
});

/** `/link` with Discord's user picker (option type 6) and the member typed. */
function linkCommand(sender: Sender, options: { user?: string; member?: string }) {
  const payload = chatInput(sender, { name: 'link', options: options as Record<string, string> });
  for (const option of (payload.data as { options: { name: string; type: number }[] }).options)
    if (option.name === 'user') option.type = 6;
  return payload;
}

/** Sends it: the deferral is for the asker only; resolves the text the worker edits in. */
async function answerTo(payload: ReturnType<typeof linkCommand>): Promise<string> {
  const callback = await discord.send(payload);
  expect(callback.body).toEqual({ type: 5, data: { flags: 64 } });
  return textOf((await discord.editOf(payload.token)).body);
}

const linkOf = (userId: string) =>
  discord.harness.services.links.get({ platform: 'discord', userId });

/** An adult with an e-mail no other member has. */
const withOwnEmail = () =>
  adults.find(
    (member) =>
      member.email && members.filter((other) => other.email === member.email).length === 1,
  )!;

describe('/link in Discord: an admin links a person to their membership', () => {
  it('when the Chair links a user by e-mail, they are answered privately and the link is stored', async () => {
    const member = withOwnEmail();
    const text = await answerTo(linkCommand(chair, { user: newcomer, member: member.email }));
    expect(text).toContain(`Discord user ${newcomer} is now linked to ${displayName(member)}`);
    expect(await linkOf(newcomer)).toBe(member.guid);
  });

  it('when a coach (not an admin) tries, they are refused and nothing changes', async () => {
    const before = await linkOf(newcomer);
    const text = await answerTo(
      linkCommand(coach, { user: newcomer, member: withOwnEmail().email }),
    );
    expect(text).toMatch(/Not available to you/);
    expect(await linkOf(newcomer)).toBe(before);
  });

  it('when /link is run alone, it lists the links by member name', async () => {
    const text = await answerTo(linkCommand(chair, {}));
    expect(text).toMatch(/Discord links/);
    expect(text).toContain(newcomer);
    expect(text).toContain(coach.userId);
    expect(text).toContain(displayName(withOwnEmail()));
  });

  it('when the Chair links that user again to someone else, the answer names whose link it was', async () => {
    const linked = await linkOf(newcomer);
    const first = members.find((member) => member.guid === linked)!;
    const other = adults.find((member) => member.guid !== first.guid)!;
    const text = await answerTo(linkCommand(chair, { user: newcomer, member: other.guid }));
    expect(text).toContain(
      `Discord user ${newcomer} is now linked to ${displayName(other)}, no longer to ${displayName(first)}.`,
    );
    expect(await linkOf(newcomer)).toBe(other.guid);
    // Both members were named to the admin, so the audit records both.
    const [entry] = await discord.harness.services.audit.read({ member: first.guid, limit: 1 });
    expect(entry).toMatchObject({ command: 'link', members: [other.guid, first.guid] });

    const again = await answerTo(linkCommand(chair, { user: newcomer, member: other.guid }));
    expect(again).toMatch(/Already linked/);
    expect(again).toContain(
      `Discord user ${newcomer} was already linked to ${displayName(other)}.`,
    );
  });

  it('when the member is unknown, or a name several adults share, nothing is linked and the admin is told how to be precise', async () => {
    const user = '600000000000000033';
    const unknown = await answerTo(linkCommand(chair, { user, member: 'Zebedee Nobody' }));
    expect(unknown).toMatch(/Not linked.*No current adult member is called .{1,2}Zebedee Nobody/);
    const shared = adults.find(
      (member) => adults.filter((other) => other.lastName === member.lastName).length > 1,
    )!;
    const ambiguous = await answerTo(linkCommand(chair, { user, member: shared.lastName }));
    expect(ambiguous).toMatch(/adult members are called .* by their e-mail instead/);
    expect(await linkOf(user)).toBeUndefined();
  });

  it('when the member is typed, autocomplete suggests adults from the cache to an admin, and nothing to anyone else', async () => {
    const calls = discord.harness.simulator.admin.calls().total;
    const adult = withOwnEmail();
    const typed = `${adult.firstName.slice(0, 3)} ${adult.lastName.slice(0, 3)}`;
    const ask = (sender: Sender) =>
      discord.send(autocomplete(sender, { name: 'link', focused: 'member', value: typed }));
    const suggested = (await ask(chair)).body.data?.choices ?? [];
    expect(suggested.map((choice) => choice.name)).toContain(displayName(adult));
    const guids = new Set(adults.map((member) => member.guid));
    for (const choice of suggested) {
      const named = members.filter((member) => displayName(member) === choice.name);
      expect(
        named.some((member) => guids.has(member.guid)),
        choice.name,
      ).toBe(true);
    }
    expect((await ask(coach)).body.data?.choices).toEqual([]);
    expect(discord.harness.simulator.admin.calls().total).toBe(calls);
  });
});
