import { consoleConversations } from '../support/console-conversations.js';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatUser } from '../../src/core/chat-user.js';
import { startPrivateRedis, type PrivateRedis } from '../../src/redis/private-redis-server.js';
import { startBotHarness, type BotHarness } from '../support/bot-harness.js';

/*
 * Redis is untrusted storage: with AOF on, as in production, a welfare officer's day of work must
 * leave no personal value in any key or in any file Redis wrote.
 */
const dir = mkdtempSync(join(tmpdir(), 'club-bot-at-rest-'));
let redis: PrivateRedis;
let harness: BotHarness;
const conversations = consoleConversations();

beforeAll(async () => {
  redis = await startPrivateRedis({ appendOnly: true, dir });
  harness = await startBotHarness({
    env: { REDIS_URL: redis.url },
    sinks: { console: conversations.sink },
  });
});
afterAll(async () => {
  await harness?.stop();
  await redis?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Rewrites the AOF and waits until Redis is done, so no temporary file vanishes while it is read. */
async function rewriteAppendOnlyFile(client: Redis): Promise<void> {
  await client.bgrewriteaof().catch((error: Error) => {
    if (!/already in progress/.test(error.message)) throw error;
  });
  while (/aof_rewrite_(in_progress|scheduled):1/.test(await client.info('persistence'))) {
    await setTimeout(20);
  }
}

/** Every key and value in Redis, and every file it wrote, as one text. */
async function everythingRedisHolds(): Promise<string> {
  const client = new Redis(redis.url);
  const parts: string[] = [];
  for (const key of await client.keys('*')) {
    parts.push(key);
    const type = await client.type(key);
    if (type === 'string') parts.push((await client.get(key)) ?? '');
    if (type === 'hash') parts.push(JSON.stringify(await client.hgetall(key)));
    if (type === 'list') parts.push(JSON.stringify(await client.lrange(key, 0, -1)));
    if (type === 'set') parts.push(JSON.stringify(await client.smembers(key)));
    if (type === 'zset') parts.push(JSON.stringify(await client.zrange(key, '0', '-1')));
    if (type === 'stream') parts.push(JSON.stringify(await client.xrange(key, '-', '+')));
  }
  await rewriteAppendOnlyFile(client);
  await client.quit();
  const files = (folder: string): string[] =>
    readdirSync(folder).flatMap((name) => {
      const path = join(folder, name);
      if (name.endsWith('.sock')) return [];
      return statSync(path).isDirectory() ? files(path) : [path];
    });
  const written = files(dir);
  expect(written.some((path) => path.includes('appendonly'))).toBe(true);
  for (const path of written) parts.push(readFileSync(path).toString('latin1'));
  return parts.join('\n');
}

describe('personal data at rest in Redis', () => {
  it('after /member details, an incident filed and the incident list, no personal value is in any key or in any file Redis wrote', async () => {
    const users = harness.simulator.admin.records('users');
    const roles = harness.simulator.admin.records('roles');
    const welfareGuids = (roles.find((role) => role.RoleName === 'Welfare Officer')?.Members ??
      []) as { Guid: string }[];
    const officer = users.find((user) => user.Guid === welfareGuids[0]?.Guid);
    expect(officer?.Email).toBeTypeOf('string');
    const welfare: ChatUser = {
      platform: 'console',
      userId: 'welfare-officer',
      email: String(officer?.Email),
    };
    const child = users.find(
      (user) => typeof user.MedicalHistory === 'string' && Array.isArray(user.Parents),
    );
    expect(child).toBeDefined();
    const family = users.filter(
      (user) =>
        user.Guid === child?.Guid ||
        ((child?.Parents ?? []) as unknown[]).some(
          (parent) => parent === user.Guid || (parent as { Guid?: string })?.Guid === user.Guid,
        ),
    );

    const ask = (slash: string, text: string) =>
      conversations.ask(harness.dispatcher, welfare, slash, text);
    const details = await ask(
      '/member',
      `details ${String(child?.Firstname)} ${String(child?.Lastname)}`,
    );
    expect(details).toContain(String(child?.MedicalHistory));

    const word = `Zanzibar${randomUUID().slice(0, 6)}`;
    const typed = `Pool gate left open; ${word} saw it at 18:40`;
    const formId = randomUUID();
    const submitted = await harness.dispatcher.submitForm(
      {
        id: formId,
        key: formId,
        form: 'incident',
        values: { title: `Gate ${word}`, date: '2026-03-14', status: 'Open', details: typed },
      },
      welfare,
      { platform: 'console', conversationId: formId },
    );
    expect(submitted).toEqual({ kind: 'queued' });
    await conversations.answerTo(formId);
    const list = await ask('/incident', 'list');
    expect(list).toContain(word);

    const secrets = [
      word,
      typed,
      ...[officer, ...family].flatMap((user) =>
        [
          user?.MedicalHistory,
          user?.Allergies,
          user?.DisabilityDetails,
          user?.DBSCertificateNumber,
          user?.MobilePhone,
          user?.HomePhone,
          user?.Email,
          user?.EmergencyContactPhone1,
        ].filter((value): value is string => typeof value === 'string' && value.length > 3),
      ),
    ];
    expect(secrets.length).toBeGreaterThan(5);
    const held = await everythingRedisHolds();
    expect(held.length).toBeGreaterThan(1_000);
    expect(secrets.filter((secret) => held.includes(secret))).toEqual([]);
  }, 60_000);

  it('after a poolside sheet, no swimmer’s health note or emergency number is in any key or in any file Redis wrote', async () => {
    const users = harness.simulator.admin.records('users');
    const guidsOf = (value: unknown) =>
      (Array.isArray(value) ? value : []).map((entry: unknown) =>
        typeof entry === 'string' ? entry : String((entry as { Guid?: unknown }).Guid),
      );
    const noted = (guid: string) =>
      users.some((user) => user.Guid === guid && typeof user.Allergies === 'string');
    const session = harness.simulator.admin
      .records('sessions')
      .find((s) => s.Archived !== 1 && guidsOf(s.Members).some(noted));
    expect(session).toBeDefined();
    const swimmers = users.filter((user) => guidsOf(session?.Members).includes(String(user.Guid)));
    const when = [session?.WeekDay, session?.StartTime, session?.SessionName].join(' ');
    const roles = harness.simulator.admin.records('roles');
    const officerGuid = guidsOf(
      roles.find((role) => role.RoleName === 'Welfare Officer')?.Members,
    )[0];
    const officer = users.find((user) => user.Guid === officerGuid);
    // The welfare officer, known by their e-mail, as in the test above.
    const asker: ChatUser = {
      platform: 'console',
      userId: 'sheet-welfare',
      email: String(officer?.Email),
    };
    const sheet = await conversations.ask(harness.dispatcher, asker, '/session', `${when} sheet`);
    const allergy = swimmers.find((user) => typeof user.Allergies === 'string')?.Allergies;
    expect(sheet).toContain(String(allergy));

    const secrets = swimmers.flatMap((user) =>
      [
        user.MedicalHistory,
        user.Allergies,
        user.DisabilityDetails,
        user.EmergencyContactPhone1,
      ].filter((value): value is string => typeof value === 'string' && value.length > 3),
    );
    expect(secrets.length).toBeGreaterThan(3);
    const held = await everythingRedisHolds();
    expect(secrets.filter((secret) => held.includes(secret))).toEqual([]);
  }, 60_000);
});
