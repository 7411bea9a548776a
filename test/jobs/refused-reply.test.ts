import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAccessPolicy } from '../../src/access/access-policy.js';
import type { Reply } from '../../src/core/reply.js';
import type { ReplyAddress } from '../../src/delivery/reply-address.js';
import { createLogger } from '../../src/log.js';
import { startBotHarness, type BotHarness } from '../support/bot-harness.js';
import { waitFor } from '../support/wait-for.js';
import { clubKeys } from '../../src/redis/club-keys.js';

const delivered: { address: ReplyAddress; reply: Reply }[] = [];
const logLines: { msg: string; id?: string }[] = [];
let harness: BotHarness;

beforeAll(async () => {
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(JSON.parse(chunk.toString()) as { msg: string; id?: string });
      done();
    },
  });
  harness = await startBotHarness({
    sinks: {
      console: { deliver: async (address, reply) => void delivered.push({ address, reply }) },
    },
    policy: {
      ...defaultAccessPolicy,
      grant: [{ platform: 'console', user: 'tester', roles: ['coach'] }],
    },
    logger: createLogger({ level: 'info' }, logStream),
  });
});
afterAll(() => harness.stop());

const repliesTo = (id: string) =>
  delivered.filter(
    (entry) => entry.address.platform === 'console' && entry.address.conversationId === id,
  );

describe('when Redis refuses a reply after the work is done', () => {
  it('the job is not recorded done, BullMQ runs it again, and the person gets the reply once', async () => {
    const { services, dispatcher } = harness;
    const outbox = clubKeys(services.prefix).outbox;
    // A key of the wrong type makes Redis refuse the put, as running out of memory would.
    await services.redis.set(outbox.stream, 'not a stream');

    const id = randomUUID();
    await dispatcher.command(
      { id, slash: '/sessions', text: '' },
      { platform: 'console', userId: 'tester' },
      { platform: 'console', conversationId: id },
    );
    await waitFor(
      () => logLines.some((line) => line.msg === 'job failed'),
      'the first attempt to fail',
    );
    expect(repliesTo(id)).toHaveLength(0);
    expect(logLines.some((line) => line.id === id && line.msg === 'command finished')).toBe(false);

    await services.redis.del(outbox.stream);
    await waitFor(() => repliesTo(id).length > 0, 'the reply to be delivered', 15_000);
    expect(repliesTo(id)).toHaveLength(1);
    expect(repliesTo(id)[0]?.reply.title).toMatch(/timetable/i);
    await waitFor(
      () => logLines.some((line) => line.id === id && line.msg === 'command finished'),
      'the job to finish',
    );
  });
});
