import { describe, expect, it } from 'vitest';
import { defaultAccessPolicy, mayRun } from '../../src/access/access-policy.js';
import type { Asker } from '../../src/core/chat-user.js';
import { helpReply } from '../../src/commands/help.js';
import { replyToPlainText } from '../../src/core/reply.js';
import { registry } from '../../src/commands/registry.js';
import type { BotRole } from '../../src/core/roles.js';
import { memoryClubData } from '../support/memory-club-data.js';
import { askerWith, run } from './command-context.js';

function helpLines(asker: Asker): readonly string[] {
  const reply = helpReply(registry, (name) => {
    const command = registry.find((candidate) => candidate.name === name);
    return command !== undefined && mayRun(asker, command, defaultAccessPolicy);
  });
  const list = reply.sections?.[0];
  return list?.kind === 'list' ? list.items : [];
}

const commandsIn = (lines: readonly string[]) =>
  lines.map((line) => line.split(' — ')[0]?.split(' [')[0]?.split(' <')[0]);

describe('/help', () => {
  it('when someone with no club role asks, then only what everyone may run is listed', () => {
    expect(commandsIn(helpLines(askerWith([])))).toEqual([
      '/help',
      '/today',
      '/whoswho',
      '/sessions',
      '/events',
      '/meets',
      '/incident new',
      '/incident mine',
    ]);
  });

  const digests = ['/digest add', '/digest list', '/digest remove', '/digest preview'];
  it.each<[BotRole, string[]]>([
    ['coach', ['/session', '/member', '/member details', ...digests]],
    ['head-coach', ['/session', '/places', ...digests]],
    [
      'welfare',
      [
        '/session',
        '/member',
        '/member details',
        '/incident list',
        '/incident show',
        '/checks',
        '/audit',
        ...digests,
      ],
    ],
    ['committee', digests],
    [
      'membership',
      [
        '/trial new',
        '/trials',
        '/waitinglist',
        '/waitinglist add',
        '/emaillist from',
        '/places',
        '/checks',
        ...digests,
      ],
    ],
    [
      'admin',
      ['/emaillist from', '/event new', '/digest list', '/digest remove', '/quota', '/link'],
    ],
  ])('when a %s asks, then their own commands are added to everyone’s', (role, extra) => {
    const lines = commandsIn(helpLines(askerWith([role])));
    expect(lines).toHaveLength(8 + extra.length);
    expect(lines).toEqual(expect.arrayContaining(extra));
  });

  it('when an admin asks in Discord, /link is listed; in Slack or the console it is not offered at all', async () => {
    const club = memoryClubData();
    const admin = askerWith(['admin']);
    const helpIn = async (platform: 'discord' | 'slack' | 'console', command?: string) =>
      replyToPlainText(
        await run('help', {
          data: club.data,
          asker: { ...admin, user: { platform, userId: 'a' } },
          options: command ? { command } : {},
        }),
      );
    expect(await helpIn('discord')).toContain('/link [user] [member] — Link a Discord user');
    expect(await helpIn('slack')).not.toContain('/link');
    expect(await helpIn('console')).not.toContain('/link');
    expect(await helpIn('slack', 'link')).not.toContain('Usage: /link');
  });

  it('when the command runs, then it lists with the asker’s own mayRun and shows usage', async () => {
    const club = memoryClubData();
    const reply = await run('help', { data: club.data, asker: askerWith(['coach']) });
    const list = reply.sections?.[0];
    expect(list?.kind === 'list' && list.items).toContain(
      "/session [when] — A session's roster: swimmers, coaches, time, place, count; add sheet for health notes.",
    );
    expect(list?.kind === 'list' && list.items.some((line) => line.startsWith('/quota'))).toBe(
      false,
    );
  });

  it('when the person’s email belongs to two adult members, then /help says why they are not linked and who can fix it', async () => {
    const club = memoryClubData();
    const asker = { ...askerWith([]), unlinkedBecause: 'shared-email' as const };
    const text = replyToPlainText(await run('help', { data: club.data, asker }));
    expect(text).toContain('belongs to more than one adult member');
    expect(text).toContain('membership secretary');
  });

  it('when a linked person asks, then /help says nothing about linking', async () => {
    const club = memoryClubData();
    const text = replyToPlainText(
      await run('help', { data: club.data, asker: askerWith([], 'g') }),
    );
    expect(text).not.toContain('Not linked');
  });

  it('when /help session is asked, then it gives the description, the options and two real examples', async () => {
    const club = memoryClubData();
    const reply = await run('help', {
      data: club.data,
      asker: askerWith(['coach']),
      options: { command: 'session' },
    });
    const text = replyToPlainText(reply);
    expect(reply.title).toBe('/session');
    expect(text).toContain("A session's roster");
    expect(text).toContain('Usage: /session [when]');
    expect(text).toContain('when (optional): ');
    expect(text).toContain('/session tonight');
    expect(text).toContain('/session tonight sheet');
    expect(text).not.toContain('do not include');
  });

  it('when every command is looked up with /help, then each has at least one example that starts with it', () => {
    for (const command of registry) {
      expect(command.examples?.length, command.name).toBeGreaterThan(0);
      for (const example of command.examples ?? [])
        expect(example.startsWith(`/${command.name}`), example).toBe(true);
    }
  });

  it.each([
    ['sesion', 'Did you mean /session?'],
    ['/whosho', 'Did you mean /whoswho?'],
    [
      'incident',
      '/incident goes with one more word: /incident new, /incident mine, /incident list, /incident show',
    ],
    ['frobnicate', 'There is no /frobnicate. /help lists the commands you may run.'],
  ])('when /help %s is asked, then it answers "%s"', async (typed, answer) => {
    const club = memoryClubData();
    const reply = await run('help', { data: club.data, options: { command: typed } });
    expect(replyToPlainText(reply)).toContain(answer);
  });

  it('when /help waitinglist new is asked by someone without the role, then it is the add command, and says it is not theirs', async () => {
    const club = memoryClubData();
    const text = replyToPlainText(
      await run('help', { data: club.data, options: { command: 'waitinglist new' } }),
    );
    expect(text).toContain('/waitinglist add');
    expect(text).toContain('Your roles in the club do not include this one.');
  });
});
