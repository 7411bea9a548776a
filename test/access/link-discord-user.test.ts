import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkDiscordUser, linkMadeText } from '../../src/access/link-discord-user.js';
import { linkableMember } from '../../src/access/linkable-member.js';
import { createMemberLinks } from '../../src/access/asker.js';
import type { MemberLinks } from '../../src/core/chat-user.js';
import type { Member } from '../../src/club/domain.js';
import { connectTestRedis, uniquePrefix } from '../support/redis.js';
import { testSealer } from '../support/data-key.js';

const discordUser = '600000000000000001';
const today = '2026-11-26';
const guid = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const member = (n: number, first: string, email: string, extra: Partial<Member> = {}) =>
  ({
    guid: guid(n),
    firstName: first,
    lastName: 'Rivers',
    email,
    active: true,
    dateOfBirth: '1980-03-01',
    swimmers: [],
    ...extra,
  }) as Member;
const members = [
  member(1, 'Alice', 'coach@example.org'),
  member(2, 'Bea', 'family@example.org'),
  member(3, 'Cal', 'family@example.org', { dateOfBirth: '2014-05-05' }),
  member(4, 'Dora', 'left@example.org', { active: false }),
  member(5, 'Ed', 'twins@example.org'),
  member(6, 'Ed', 'twins@example.org'),
];

let redis: Redis;
let links: MemberLinks;

beforeAll(() => {
  redis = connectTestRedis();
  links = createMemberLinks(redis, uniquePrefix('discord-links'), testSealer);
});
afterAll(() => redis.disconnect());

const named = (ref: string) => {
  const match = linkableMember(members, ref, today);
  return match.kind === 'found' ? match.member.firstName : match.reason;
};

describe('which member a link names', () => {
  it('an e-mail, a name or a Guid naming one current adult finds them, whatever the case', () => {
    expect(named('Coach@Example.org')).toBe('Alice');
    expect(named('alice rivers')).toBe('Alice');
    expect(named(guid(1).toUpperCase())).toBe('Alice');
  });

  it('a near spelling links nobody: it asks "Did you mean…?" and names the one adult it could be', () => {
    expect(named('Alice Rivres')).toBe(
      'No current adult member is called "Alice Rivres". Did you mean Alice Rivers? Give their full name to link them.',
    );
    expect(named('Al Rivers')).toMatch(/^No current adult member is called "Al Rivers"/);
  });

  it('a family e-mail a parent shares with their child links the parent', () => {
    expect(named('family@example.org')).toBe('Bea');
  });

  it('a child is never linked, nor is someone who has left the club', () => {
    expect(named(guid(3))).toMatch(/child's membership: the bot links adults only/);
    expect(named('Cal Rivers')).toMatch(/No current adult member is called "Cal Rivers"/);
    expect(named('left@example.org')).toMatch(/No current adult member has that e-mail/);
    expect(named(guid(4))).toMatch(/no longer a current member/);
  });

  it('a name or e-mail two adults share fails closed, saying how to be precise', () => {
    expect(named('Ed Rivers')).toBe(
      '2 adult members are called "Ed Rivers": name the member by their e-mail instead (or pick them from /link\'s suggestions).',
    );
    expect(named('twins@example.org')).toMatch(
      /^2 adult members share that e-mail .*give their Guid/,
    );
    expect(named('  ')).toBe('Name the member by name, e-mail or Guid.');
  });
});

describe('an admin linking a Discord user to a club member', () => {
  const deps = { links: undefined as unknown as MemberLinks, members: async () => members, today };
  beforeAll(() => void (deps.links = links));

  it('when named by an e-mail only one current adult has, the link is stored for the worker and adapter', async () => {
    const made = await linkDiscordUser(deps, discordUser, 'coach@example.org');
    expect(made.member.guid).toBe(guid(1));
    expect(made.before).toBeUndefined();
    expect(linkMadeText(discordUser, made, (linked) => linked.firstName)).toBe(
      `Discord user ${discordUser} is now linked to Alice.`,
    );
    expect(await links.get({ platform: 'discord', userId: discordUser })).toBe(guid(1));
    expect(await links.list('discord')).toContainEqual({
      userId: discordUser,
      memberGuid: guid(1),
    });
  });

  it('when the user was linked to someone else, the admin is told whose link it replaced', async () => {
    const user = '600000000000000003';
    await links.set({ platform: 'discord', userId: user }, guid(1));
    const made = await linkDiscordUser(deps, user, 'Bea Rivers');
    expect(made.before).toEqual({ guid: guid(1), member: members[0] });
    expect(linkMadeText(user, made, (linked) => linked.firstName)).toBe(
      `Discord user ${user} is now linked to Bea, no longer to Alice.`,
    );
    expect(await links.get({ platform: 'discord', userId: user })).toBe(guid(2));
  });

  it('when the earlier link is to a Guid no longer in the records, or to the same member, it says so', async () => {
    const user = '600000000000000004';
    const gone = '00000000-0000-4000-8000-000000000099';
    await links.set({ platform: 'discord', userId: user }, gone);
    const replaced = await linkDiscordUser(deps, user, guid(5));
    expect(linkMadeText(user, replaced, (linked) => linked.firstName)).toBe(
      `Discord user ${user} is now linked to Ed, no longer to a former member (${gone}).`,
    );
    const again = await linkDiscordUser(deps, user, guid(5));
    expect(linkMadeText(user, again, (linked) => linked.firstName)).toBe(
      `Discord user ${user} was already linked to Ed.`,
    );
  });

  it('when Redis refuses the write inside its transaction, linking fails rather than reporting a link', async () => {
    const prefix = uniquePrefix('broken-links');
    await redis.set(`${prefix}:links:discord`, 'not a hash');
    const broken = createMemberLinks(redis, prefix, testSealer);
    await expect(
      broken.set({ platform: 'discord', userId: '600000000000000006' }, guid(1)),
    ).rejects.toThrow(/WRONGTYPE/);
  });

  it('removing resolves whether there was a link to remove', async () => {
    const user = { platform: 'discord', userId: '600000000000000005' } as const;
    await links.set(user, guid(1));
    expect(await links.remove(user)).toBe(true);
    expect(await links.remove(user)).toBe(false);
    expect(await links.get(user)).toBeUndefined();
  });

  it('when the member cannot be told apart or the user id is not Discord’s, nothing is linked', async () => {
    const user = '600000000000000002';
    await expect(linkDiscordUser(deps, user, 'Ed Rivers')).rejects.toThrow(/by their e-mail/);
    await expect(linkDiscordUser(deps, 'jane', guid(1))).rejects.toThrow(/not a Discord user id/);
    expect(await links.get({ platform: 'discord', userId: user })).toBeUndefined();
  });
});
