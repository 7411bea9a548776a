import { collectionKeys } from '../../src/cache/collection-schemas.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubToday } from '../../src/club/time/club-time.js';
import {
  runDiscordLink,
  type ClubLinking,
  type DiscordLinkDeps,
} from '../../src/cli/run-discord-link.js';
import type { WireRecord } from '../../src/simulator/simulator-collections.js';
import { harnessTimezone, startBotHarness, type BotHarness } from '../support/bot-harness.js';

let harness: BotHarness;
let coach: WireRecord;

beforeAll(async () => {
  // No worker and no command yet: a new deployment, its cache cold.
  harness = await startBotHarness({ noWorker: true });
  const users = harness.simulator.admin.records('users');
  const found = users.find(
    (user) =>
      user.Active !== 0 &&
      user.IsACoach === 1 &&
      users.filter((other) => other.Email === user.Email).length === 1,
  );
  if (!found) throw new Error('the seeded club has no coach with an e-mail of their own');
  coach = found;
});
afterAll(() => harness.stop());

const linking = (): ClubLinking => ({
  links: harness.services.links,
  members: async () => (await harness.services.data.members()).value,
  today: clubToday(new Date(), harnessTimezone),
});

async function link(
  args: string[],
  deps: Partial<DiscordLinkDeps> = {},
): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const code = await runDiscordLink(args, {
    hosting: false,
    club: async () => linking(),
    print: (line) => lines.push(line),
    ...deps,
  });
  return { code, out: lines.join('\n') };
}

const used = async () => (await harness.services.budget.state()).used;

describe('npm run discord:link on a new deployment', () => {
  it('links by e-mail on a cold cache, loading the members through the budget; the next link costs nothing', async () => {
    expect(await harness.services.cache.peek(collectionKeys.members)).toBeUndefined();
    const callsBefore = harness.simulator.admin.calls().total;

    const first = await link(['600000000000000011', String(coach.Email)]);
    expect(first).toEqual({
      code: 0,
      out: `Discord user 600000000000000011 is now linked to ${String(coach.KnownAs || coach.Firstname)} ${String(coach.Lastname)} (${String(coach.Guid)}).`,
    });
    const calls = harness.simulator.admin.calls().total - callsBefore;
    // Every call the load made is counted in the daily budget: the members' pages, nothing else.
    expect(calls).toBeGreaterThan(0);
    expect(await used()).toBe(calls);
    expect(
      harness.simulator.admin.calls().calls.every((call) => /Users|Members/i.test(call.path)),
    ).toBe(true);
    expect(await harness.services.cache.peek(collectionKeys.members)).toBeDefined();

    // One Discord account per member: a second is refused, unless the operator moves the link.
    const refused = await link(['600000000000000012', String(coach.Guid)]);
    expect(refused.code).toBe(1);
    expect(refused.out).toContain('is already linked to Discord user 600000000000000011');
    expect(refused.out).toContain('Add --replace');
    const second = await link(['--replace', '600000000000000012', String(coach.Guid)]);
    expect(second.code).toBe(0);
    expect(second.out).toContain('Discord user 600000000000000011 no longer is.');
    expect(
      await harness.services.links.get({ platform: 'discord', userId: '600000000000000011' }),
    ).toBeUndefined();
    expect(await used()).toBe(calls);
    expect(
      await harness.services.links.get({ platform: 'discord', userId: '600000000000000012' }),
    ).toBe(coach.Guid);
  });

  it('--remove unlinks', async () => {
    expect(await link(['--remove', '600000000000000012'])).toEqual({
      code: 0,
      out: 'Discord user 600000000000000012 is no longer linked to a member.',
    });
    expect(
      await harness.services.links.get({ platform: 'discord', userId: '600000000000000012' }),
    ).toBeUndefined();
    expect(await link(['--remove', '600000000000000012'])).toEqual({
      code: 0,
      out: 'Discord user 600000000000000012 was not linked to a member; nothing changed.',
    });
  });

  it('linking a user linked before names the member they are no longer linked to', async () => {
    const users = harness.simulator.admin.records('users');
    const other = users.find(
      (user) =>
        user.Active !== 0 &&
        user.Guid !== coach.Guid &&
        user.IsACoach === 1 &&
        users.filter((candidate) => candidate.Email === user.Email).length === 1,
    );
    if (!other) throw new Error('the seeded club has only one coach with an e-mail of their own');
    const name = (user: WireRecord) =>
      `${String(user.KnownAs || user.Firstname)} ${String(user.Lastname)} (${String(user.Guid)})`;
    await link(['600000000000000015', String(coach.Guid)]);
    expect(await link(['600000000000000015', String(other.Guid)])).toEqual({
      code: 0,
      out: `Discord user 600000000000000015 is now linked to ${name(other)}, no longer to ${name(coach)}.`,
    });
  });

  it('a member it cannot find, or a slip in the command line, is told plainly', async () => {
    expect(await link(['600000000000000013', 'nobody@example.org'])).toEqual({
      code: 1,
      out: 'discord-link: No current adult member has that e-mail.',
    });
    expect((await link(['600000000000000013'])).out).toMatch(
      /^discord-link: which member\?.*\nUsage:/s,
    );
    expect((await link([])).code).toBe(2);
    expect((await link(['--club', 'otters', '600000000000000013', 'x@example.org'])).out).toMatch(
      /--club is for a deployment hosting clubs/,
    );
  });

  it('a deployment hosting clubs needs --club, naming a club it has', async () => {
    const hosting = {
      hosting: true,
      club: async (id?: string) => (id === 'otters' ? linking() : undefined),
    };
    expect((await link(['600000000000000014', String(coach.Email)], hosting)).out).toMatch(
      /this deployment hosts clubs: add --club <id>/,
    );
    expect(
      await link(['--club', 'pike', '600000000000000014', String(coach.Email)], hosting),
    ).toEqual({
      code: 1,
      out: 'discord-link: there is no club "pike"',
    });
    expect(
      (await link(['--club', 'otters', '600000000000000014', String(coach.Email)], hosting)).code,
    ).toBe(0);
  });
});
