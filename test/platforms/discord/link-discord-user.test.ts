import { testDataKey } from '../../support/data-key.js';
import { spawn } from 'node:child_process';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemberLinks, type MemberLinks } from '../../../src/access/member-links.js';
import type { Member } from '../../../src/club/domain.js';
import { linkDiscordUser } from '../../../src/platforms/discord/link-discord-user.js';
import { connectTestRedis, testRedisUrl, uniquePrefix } from '../../support/redis.js';

const discordUser = '600000000000000001';
const guid = (n: number) => `00000000-0000-4000-8000-00000000000${n}`;
const member = (n: number, email: string, active = true) =>
  ({ guid: guid(n), firstName: `M${n}`, lastName: 'X', email, active }) as Member;
const members = [
  member(1, 'coach@example.org'),
  member(2, 'family@example.org'),
  member(3, 'family@example.org'),
  member(4, 'left@example.org', false),
];
const warm = { peek: async <T>() => ({ value: members as T, fetchedAt: 0, stale: false }) };
const cold = { peek: async () => undefined };

let redis: Redis;
let links: MemberLinks;
const prefix = uniquePrefix('discord-links');

beforeAll(() => {
  redis = connectTestRedis();
  links = createMemberLinks(redis, prefix);
});
afterAll(() => redis.disconnect());

describe('an admin linking a Discord user to a club member', () => {
  it('when named by an email only one current member has, the link is stored for the worker and adapter', async () => {
    await expect(
      linkDiscordUser({ links, cache: warm }, discordUser, 'Coach@Example.org'),
    ).resolves.toBe(guid(1));
    expect(await links.get({ platform: 'discord', userId: discordUser })).toBe(guid(1));
  });

  it('when the email is shared, unknown or the cache is cold, nothing is linked and the message says what to do', async () => {
    const user = '600000000000000002';
    await expect(
      linkDiscordUser({ links, cache: warm }, user, 'family@example.org'),
    ).rejects.toThrow(/give the member's Guid/);
    await expect(linkDiscordUser({ links, cache: warm }, user, 'left@example.org')).rejects.toThrow(
      /No current member/,
    );
    await expect(
      linkDiscordUser({ links, cache: cold }, user, 'coach@example.org'),
    ).rejects.toThrow(/not cached yet/);
    await expect(linkDiscordUser({ links, cache: warm }, 'jane', guid(1))).rejects.toThrow(
      /not a Discord user id/,
    );
    expect(await links.get({ platform: 'discord', userId: user })).toBeUndefined();
  });

  it('when run as a script with a Guid, it links and says so; --remove unlinks', async () => {
    const run = (args: string[]) =>
      new Promise<{ code: number | null; stdout: string }>((resolve) => {
        const child = spawn(
          process.execPath,
          ['--import', 'tsx', 'src/platforms/discord/link-member.ts', '--prefix', prefix, ...args],
          {
            env: { PATH: process.env.PATH, REDIS_URL: testRedisUrl(), CLUB_DATA_KEY: testDataKey },
            stdio: ['ignore', 'pipe', 'pipe'],
          },
        );
        let stdout = '';
        child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
        child.on('exit', (code) => resolve({ code, stdout }));
      });
    const user = '600000000000000003';
    const linked = await run([user, guid(2)]);
    expect(linked.code).toBe(0);
    expect(linked.stdout).toContain(`now linked to member ${guid(2)}`);
    expect(await links.get({ platform: 'discord', userId: user })).toBe(guid(2));
    expect((await run(['--remove', user])).code).toBe(0);
    expect(await links.get({ platform: 'discord', userId: user })).toBeUndefined();
  }, 30_000);
});
