import { randomUUID } from 'node:crypto';
import type { Command } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { defaultAccessPolicy } from '../../src/access/access-policy.js';
import { defaultQueueName } from '../../src/jobs/club-queue.js';
import type { JobPayloads } from '../../src/jobs/job-types.js';
import { startBotHarness, type BotHarness } from '../support/bot-harness.js';
import { waitFor } from '../support/wait-for.js';

let harness: BotHarness;
/**
 * Every command sent on BullMQ's connection, where the worker leaves its replies, in the order
 * sent: the order Redis runs them in.
 */
const sent: string[][] = [];
const delivered = new Set<string>();

beforeAll(async () => {
  harness = await startBotHarness({
    sinks: {
      console: {
        deliver: async (address) => {
          if (address.platform === 'console') delivered.add(address.conversationId);
        },
      },
    },
    policy: {
      ...defaultAccessPolicy,
      grant: [{ platform: 'console', user: 'tester', roles: ['coach'] }],
    },
    // One person asks forty times at once here.
    env: { RATE_LIMIT_PER_MINUTE: '100' },
  });
  const connection = harness.services.queueConnection;
  const sendCommand = connection.sendCommand.bind(connection);
  vi.spyOn(connection, 'sendCommand').mockImplementation((command: Command, stream) => {
    sent.push([command.name, ...command.args.map(String)]);
    return sendCommand(command, stream);
  });
});
afterAll(() => harness.stop());

const ask = (id: string) =>
  harness.dispatcher.command(
    { id, slash: '/sessions', text: '' },
    { platform: 'console', userId: 'tester' },
    { platform: 'console', conversationId: id },
  );

describe('when many commands finish together', () => {
  it('each reply is in the outbox before BullMQ records its job done', async () => {
    const { worker, services } = harness;
    // Warm the cache first, so the rest answer together, several in a turn.
    const first = randomUUID();
    await ask(first);
    // The first reads the club service (retried, with backoff, when a busy machine times it out).
    await waitFor(() => delivered.has(first), 'the first reply', 30_000);

    const requestOf = new Map<string, string>();
    worker?.on('completed', (job) => {
      const { request } = job.data as JobPayloads['command'];
      requestOf.set(String(job.id), request.id);
    });
    const ids = Array.from({ length: 40 }, () => randomUUID());
    await Promise.all(ids.map(ask));
    await waitFor(() => ids.every((id) => delivered.has(id)), 'forty replies', 30_000);
    await waitFor(() => requestOf.size === ids.length, 'forty jobs recorded done');

    const jobKey = `${services.prefix}:${defaultQueueName}:`;
    const completedKey = `${jobKey}completed`;
    const putAt = new Map<string, number>();
    const recordedAt = new Map<string, number>();
    sent.forEach((args, index) => {
      const command = args[0]?.toLowerCase();
      if (command === 'eval') {
        for (const id of ids)
          if (args.some((arg) => arg.includes(`"id":"${id}"`))) putAt.set(id, index);
      }
      if (command === 'evalsha' && args.includes(completedKey)) {
        const jobIds = args.filter((arg) => requestOf.has(arg.slice(jobKey.length)));
        for (const key of jobIds) recordedAt.set(requestOf.get(key.slice(jobKey.length))!, index);
      }
    });
    for (const id of ids) {
      expect(putAt.get(id), `the reply to ${id}`).toBeDefined();
      expect(recordedAt.get(id), `the record of ${id}`).toBeDefined();
      expect(putAt.get(id)!, id).toBeLessThan(recordedAt.get(id)!);
    }
  }, 90_000);
});
