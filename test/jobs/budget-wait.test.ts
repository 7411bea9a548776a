import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAccessPolicy } from '../../src/access/access-policy.js';
import { type Reply, replyToPlainText } from '../../src/core/reply.js';
import type { ReplyAddress } from '../../src/delivery/reply-address.js';
import { startBotHarness, type BotHarness } from '../support/bot-harness.js';
import { connectTestRedis } from '../support/redis.js';
import { waitFor } from '../support/wait-for.js';
import { memberWithHealthNotes } from '../support/member-with-health-notes.js';
import { personalValues } from '../support/personal-values.js';

const delivered: { address: ReplyAddress; reply: Reply }[] = [];
let harness: BotHarness;
const windowMs = 2_000;

beforeAll(async () => {
  harness = await startBotHarness({
    sinks: {
      console: { deliver: async (address, reply) => void delivered.push({ address, reply }) },
    },
    policy: {
      ...defaultAccessPolicy,
      grant: [{ platform: 'console', user: 'tester', roles: ['coach', 'welfare'] }],
    },
    // The tester is not linked to a member: their report is filed under the bot's own record.
    env: { CLUB_DAILY_LIMIT: '40', CACHE_FRESH_SECONDS: '1', CLUB_REPORTS_MEMBER: 'bot-member' },
    budgetWindowMs: windowMs,
  });
  const users = harness.simulator.admin.records('users');
  harness.simulator.admin.setRecords('users', [
    ...users,
    { Guid: 'bot-member', Firstname: 'Club', Lastname: 'bot', Active: 1 },
  ]);
});
afterAll(() => harness.stop());

const user = { platform: 'console' as const, userId: 'tester' };
const repliesTo = (id: string) =>
  delivered.filter(
    (entry) => entry.address.platform === 'console' && entry.address.conversationId === id,
  );

/** Waits until `condition` holds (polling), or fails after `timeoutMs`. */
const until = (condition: () => boolean | Promise<boolean>, timeoutMs?: number) =>
  waitFor(condition, 'the condition', timeoutMs);

async function ask(slash: string, text: string): Promise<string> {
  const id = randomUUID();
  await harness.dispatcher.command({ id, slash, text }, user, {
    platform: 'console',
    conversationId: id,
  });
  return id;
}

describe('when the daily budget is spent', () => {
  it('a read is answered from the cache with its age, and a write waits and is filed once the window moves on', async () => {
    const warm = await ask('/sessions', '');
    await until(() => repliesTo(warm).length === 1);
    const before = harness.simulator.admin.calls().total;

    // The service says no calls are left (as a 403 would): nothing for any priority until the window moves.
    await harness.services.budget.exhausted();
    await new Promise((resolve) => setTimeout(resolve, 1_100)); // the cache entry is now stale

    // The first stale read starts a refresh, which the spent budget refuses; from then on the
    // footer says the club service could not be asked.
    const first = await ask('/sessions', '');
    await until(() => repliesTo(first).length === 1);
    expect(replyToPlainText(repliesTo(first)[0]!.reply)).toMatch(
      /Club data from .* \((newer is on its way|the club service could not be asked for newer)\)/,
    );
    await harness.services.cache.settle();
    const read = await ask('/sessions', '');
    await until(() => repliesTo(read).length === 1);
    const readText = replyToPlainText(repliesTo(read)[0]!.reply);
    expect(readText).toContain('Weekly timetable');
    expect(readText).toMatch(/Club data from .* \(the club service could not be asked for newer\)/);

    const reporter = harness.simulator.admin
      .records('users')
      .find((record) => record.IsACoach === 1);
    const key = randomUUID();
    const result = await harness.dispatcher.submitForm(
      {
        id: key,
        key,
        form: 'incident',
        values: {
          title: 'Filed after the window',
          date: '2026-11-20',
          details: 'Waited for the budget.',
          reporter: `${String(reporter?.Firstname)} ${String(reporter?.Lastname)}`,
        },
      },
      user,
      { platform: 'console', conversationId: key },
    );
    expect(result.kind).toBe('queued');
    await until(() => repliesTo(key).length >= 1);
    expect(repliesTo(key)[0]!.reply.interim).toBe(true);
    expect(replyToPlainText(repliesTo(key)[0]!.reply)).toContain('will be filed around');
    // No call is spent while waiting.
    expect(harness.simulator.admin.calls().total).toBe(before);
    expect(
      harness.simulator.admin
        .records('incidents')
        .some((record) => record.IncidentTitle === 'Filed after the window'),
    ).toBe(false);

    await until(() => repliesTo(key).length === 2, windowMs + 10_000);
    expect(replyToPlainText(repliesTo(key)[1]!.reply)).toContain('Incident filed');
    expect(
      harness.simulator.admin
        .records('incidents')
        .filter((record) => record.IncidentTitle === 'Filed after the window'),
    ).toHaveLength(1);
  }, 30_000);

  it('no special-category field or value is anywhere in Redis after the run', async () => {
    // Read a member's health fields as welfare first, so there was something to leak.
    const { record: withHealth, name } = memberWithHealthNotes(harness.simulator);
    const id = await ask('/member', `details ${name}`);
    await until(() => repliesTo(id).some((entry) => !entry.reply.interim), 10_000);
    const answer = repliesTo(id).find((entry) => !entry.reply.interim)!;
    expect(replyToPlainText(answer.reply)).toContain(String(withHealth.MedicalHistory));

    const secrets = personalValues(harness.simulator, [
      'MedicalHistory',
      'Allergies',
      'DisabilityDetails',
      'DBSCertificateNumber',
      'Doctor',
    ]);
    expect(secrets.length).toBeGreaterThan(0);

    const redis = connectTestRedis();
    const keys = await redis.keys(`${harness.services.prefix}:*`);
    expect(keys.length).toBeGreaterThan(0);
    let everything = keys.join('\n');
    for (const key of keys) {
      const type = await redis.type(key);
      const value =
        type === 'string'
          ? await redis.get(key)
          : type === 'hash'
            ? JSON.stringify(await redis.hgetall(key))
            : type === 'list'
              ? JSON.stringify(await redis.lrange(key, 0, -1))
              : type === 'zset'
                ? JSON.stringify(await redis.zrange(key, '0', '-1'))
                : type === 'set'
                  ? JSON.stringify(await redis.smembers(key))
                  : type === 'stream'
                    ? JSON.stringify(await redis.xrange(key, '-', '+'))
                    : '';
      everything += `\n${value ?? ''}`;
    }
    await redis.quit();
    for (const field of [
      'MedicalHistory',
      'Allergies',
      'DisabilityDetails',
      'DBSCertificateNumber',
      'medicalHistory',
      'allergies',
    ]) {
      expect(everything).not.toContain(field);
    }
    for (const secret of secrets) expect(everything).not.toContain(secret);
  }, 30_000);
});
