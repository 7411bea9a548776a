import { testSealer } from '../support/data-key.js';
import type { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createAuditTrail, type AuditEntry } from '../../src/access/audit-trail.js';
import type { Reply } from '../../src/core/reply.js';
import type { ConsoleReplyAddress } from '../../src/delivery/reply-address.js';
import type { OutboxEntry } from '../../src/delivery/reply-outbox.js';
import { createReplyOutbox, outboxGroup } from '../../src/delivery/reply-outbox.js';
import { DeliveryError, type ReplySink } from '../../src/delivery/reply-sink.js';
import type { ReplyDelivered } from '../../src/delivery/reply-delivery.js';
import type { ClubDirectory, ClubScope } from '../../src/hosting/club-directory.js';
import { startHostedDeliverer } from '../../src/hosting/start-hosted-deliverer.js';
import { createLogger } from '../../src/log.js';
import { connectTestRedis, uniquePrefix } from '../support/redis.js';
import { waitFor } from '../support/wait-for.js';
import { clubKeys } from '../../src/redis/club-keys.js';

let redis: Redis;
beforeAll(() => {
  redis = connectTestRedis();
});
afterAll(async () => {
  await redis.quit();
});

const logger = createLogger({ level: 'silent' });
const reply = (text: string, interim = false): Reply => ({
  title: text,
  sections: [{ kind: 'text', text }],
  visibility: 'asker',
  personalData: false,
  ...(interim ? { interim: true } : {}),
});
const to = (conversationId: string): ConsoleReplyAddress => ({
  platform: 'console',
  conversationId,
});
const entry = (id: string, text: string, interim = false): OutboxEntry => ({
  id,
  replyTo: to(id),
  reply: reply(text, interim),
});

/** The audit record of a coach seeing member-1's contact details, at `at`. */
const memberShown = (at: number): AuditEntry => ({
  at,
  askedBy: 'console:a-coach',
  command: 'member',
  members: ['member-1'],
  fieldGroups: ['contact'],
});

/** A console sink that records what it was given, and can be told to fail. */
function recordingSink() {
  const delivered: { conversationId: string; title: string }[] = [];
  let failures: DeliveryError[] = [];
  const sink: ReplySink = {
    async deliver(address, given) {
      if (address.platform !== 'console') return;
      const failure = failures.shift();
      if (failure) throw failure;
      delivered.push({ conversationId: address.conversationId, title: given.title ?? '' });
    },
  };
  return { sink, delivered, failWith: (next: DeliveryError[]) => (failures = next) };
}

type Deliverer = ReturnType<typeof startHostedDeliverer>;
let deliverer: Deliverer | undefined;
afterEach(async () => {
  await deliverer?.stop();
  deliverer = undefined;
});

/** One club whose outbox is under `prefix`, as the deliverer finds clubs: in a directory. */
function directoryOf(prefix: string): Pick<ClubDirectory, 'ids' | 'club' | 'prefixOf'> {
  // The deliverer reads a club's id, prefix and sealer only.
  const club = { id: 'outbox-club', prefix, sealer: testSealer } as unknown as ClubScope;
  return {
    ids: () => [club.id],
    club: (id) => (id === club.id ? club : undefined),
    prefixOf: (id) => (id === club.id ? prefix : undefined),
  };
}

/**
 * The deliverer `club-bot start` runs, over one club's outbox under `prefix`, into `sink`; it
 * looks every 100 ms (the test puts replies without ringing the outbox doorbell).
 */
function startDeliverer(
  prefix: string,
  sink: ReplySink,
  options: { claimIdleMs?: number; events?: ReplyDelivered[] } = {},
): Deliverer {
  return startHostedDeliverer({
    directory: directoryOf(prefix),
    redis,
    logger,
    root: prefix,
    sinksFor: () => ({ console: sink }),
    sweepMs: 100,
    onDelivered: (event) => options.events?.push(event),
    ...(options.claimIdleMs ? { claimIdleMs: options.claimIdleMs } : {}),
  });
}

/**
 * A deliverer emptying the outbox under `prefix` (a fresh one by default) into `sink`; `events`
 * records what became of each reply.
 */
function deliveringTo(sink: ReplySink, options: { prefix?: string; claimIdleMs?: number } = {}) {
  const prefix = options.prefix ?? uniquePrefix('outbox');
  const events: ReplyDelivered[] = [];
  deliverer = startDeliverer(prefix, sink, { ...options, events });
  return { prefix, outbox: createReplyOutbox(redis, prefix, testSealer), events };
}

/** An outbox of its own prefix, its stream's deliverers' group made, holding one reply to `id`. */
async function outboxHolding(id: string, text: string) {
  const prefix = uniquePrefix('outbox');
  const keys = clubKeys(prefix).outbox;
  const outbox = createReplyOutbox(redis, prefix, testSealer);
  await redis.xgroup('CREATE', keys.stream, outboxGroup, '0', 'MKSTREAM');
  await outbox.put(entry(id, text), `answered:${id}`);
  return { prefix, keys, outbox };
}

describe('the reply outbox', () => {
  it('when Redis has forgotten its scripts (a restart), a put still goes in', async () => {
    const prefix = uniquePrefix('outbox');
    // Every script in the bot falls back to EVAL, so other tests sharing this Redis are unharmed.
    await redis.script('FLUSH');
    const outbox = createReplyOutbox(redis, prefix, testSealer);
    expect(await outbox.put(entry('o', 'first'), 'answered:o')).toBe(true);
    expect(await redis.xlen(clubKeys(prefix).outbox.stream)).toBe(1);
  });

  it('when the same answer is put twice under one mark (a re-run job), it goes in once', async () => {
    const prefix = uniquePrefix('outbox');
    const outbox = createReplyOutbox(redis, prefix, testSealer);
    expect(await outbox.put(entry('a', 'first'), 'answered:a')).toBe(true);
    expect(await outbox.put(entry('a', 'again'), 'answered:a')).toBe(false);
    expect(await outbox.put(entry('a', 'a notice', true), 'queued:a')).toBe(true);
    expect(await redis.xlen(clubKeys(prefix).outbox.stream)).toBe(2);
    expect(await outbox.pending()).toBe(2);
  });

  it('a reply showing personal data is recorded in the audit trail with it, and a dropped repeat records nothing', async () => {
    const prefix = uniquePrefix('outbox');
    const outbox = createReplyOutbox(redis, prefix, testSealer);
    const audit = createAuditTrail({ redis, prefix });
    const first = memberShown(1);
    expect(await outbox.put(entry('a', 'first'), 'answered:a', audit.writeOf(first))).toBe(true);
    expect(await outbox.put(entry('a', 'again'), 'answered:a', audit.writeOf(memberShown(2)))).toBe(
      false,
    );
    expect(await audit.read({ member: 'member-1' })).toEqual([first]);
    expect(await redis.xlen(clubKeys(prefix).outbox.stream)).toBe(1);
  });

  it('an audit record reads back as the entry that was written, with or without an asker member', async () => {
    const prefix = uniquePrefix('outbox');
    const outbox = createReplyOutbox(redis, prefix, testSealer);
    const audit = createAuditTrail({ redis, prefix });
    const shown = (at: number, askerMember?: string): AuditEntry => ({
      at,
      askedBy: 'console:a-coach',
      ...(askerMember ? { askerMember } : {}),
      command: 'session',
      members: ['member-1', 'member-2'],
      fieldGroups: ['roster'],
    });
    await outbox.put(entry('x1', 'one'), 'answered:x1', audit.writeOf(shown(1)));
    await outbox.put(entry('x2', 'two'), 'answered:x2', audit.writeOf(shown(2, 'member-9')));
    expect(await audit.read({})).toStrictEqual([shown(2, 'member-9'), shown(1)]);
  });

  it('when Redis refuses the reply, nothing is written, and the same put goes in when tried again', async () => {
    const prefix = uniquePrefix('outbox');
    const keys = clubKeys(prefix).outbox;
    const outbox = createReplyOutbox(redis, prefix, testSealer);
    await redis.set(keys.stream, 'not a stream');
    await expect(outbox.put(entry('r', 'first'), 'answered:r')).rejects.toThrow(/WRONGTYPE/);
    expect(await redis.exists(keys.once('answered:r'))).toBe(0);
    await redis.del(keys.stream);
    expect(await outbox.put(entry('r', 'first'), 'answered:r')).toBe(true);
    expect(await redis.xlen(keys.stream)).toBe(1);
  });

  it('when Redis refuses the audit record, the reply is taken back out, and the same put goes in when tried again', async () => {
    const prefix = uniquePrefix('outbox');
    const keys = clubKeys(prefix).outbox;
    const outbox = createReplyOutbox(redis, prefix, testSealer);
    const audit = createAuditTrail({ redis, prefix });
    const shown = memberShown(1);
    const write = audit.writeOf(shown);
    await redis.set(write.stream, 'not a stream');
    await expect(outbox.put(entry('r', 'first'), 'answered:r', write)).rejects.toThrow(/WRONGTYPE/);
    expect(await redis.xlen(keys.stream)).toBe(0);
    expect(await redis.exists(keys.once('answered:r'))).toBe(0);
    await redis.del(write.stream);
    expect(await outbox.put(entry('r', 'first'), 'answered:r', write)).toBe(true);
    expect(await redis.xlen(keys.stream)).toBe(1);
    expect(await audit.read({ member: 'member-1' })).toEqual([shown]);
  });

  it('when replies are delivered, each reaches its sink once, in order per conversation, and leaves Redis', async () => {
    const { sink, delivered } = recordingSink();
    const { outbox, events } = deliveringTo(sink);
    for (let i = 0; i < 20; i += 1) {
      await outbox.put(
        { ...entry(`c${i % 4}`, `reply ${i}`), receivedAt: Date.now() },
        `answered:${i}`,
      );
    }
    await waitFor(() => delivered.length === 20, 'twenty deliveries');
    for (let c = 0; c < 4; c += 1) {
      const titles = delivered.filter((d) => d.conversationId === `c${c}`).map((d) => d.title);
      expect(titles).toEqual([0, 1, 2, 3, 4].map((n) => `reply ${n * 4 + c}`));
    }
    await waitFor(async () => (await outbox.pending()) === 0, 'an empty outbox');
    expect(events.every((event) => event.outcome === 'delivered')).toBe(true);
    expect(events.every((event) => (event.answerMs ?? -1) >= 0)).toBe(true);
  });

  it('when a platform says "retry after 1 s", the reply waits in Redis and is delivered after it', async () => {
    const { sink, delivered, failWith } = recordingSink();
    failWith([new DeliveryError('rate limited', { retryAfterMs: 1_000 })]);
    const { outbox } = deliveringTo(sink);
    const putAt = Date.now();
    await outbox.put(entry('r', 'late'), 'answered:r');
    await waitFor(() => delivered.length === 1, 'the retried delivery', 5_000);
    expect(Date.now() - putAt).toBeGreaterThanOrEqual(1_000);
    expect(await outbox.pending()).toBe(0);
  });

  it('when a platform refuses a reply for good, it is given up on and not retried', async () => {
    const { sink, delivered, failWith } = recordingSink();
    failWith([new DeliveryError('channel archived', { permanent: true })]);
    const { outbox, events } = deliveringTo(sink);
    await outbox.put(entry('p', 'never'), 'answered:p');
    await waitFor(() => events.length === 1, 'the verdict');
    expect(events[0]).toMatchObject({ id: 'p', outcome: 'given-up' });
    expect(delivered).toEqual([]);
    expect(await outbox.pending()).toBe(0);
  });

  it('when the deliverer that took a reply died before posting it, another takes it over', async () => {
    const { prefix, keys } = await outboxHolding('d', 'orphan');
    // A deliverer reads it, then its process is killed: the entry stays taken, unacknowledged.
    await redis.xreadgroup('GROUP', outboxGroup, 'dead', 'COUNT', 10, 'STREAMS', keys.stream, '>');
    const { sink, delivered } = recordingSink();
    deliveringTo(sink, { prefix, claimIdleMs: 300 });
    await waitFor(() => delivered.length === 1, 'the taken-over delivery', 5_000);
    expect(delivered[0]).toEqual({ conversationId: 'd', title: 'orphan' });
  });

  it('a deliverer’s claim on a reply is renewed only while that deliverer still holds it', async () => {
    const { keys, outbox } = await outboxHolding('k', 'kept');
    const read = (await redis.xreadgroup(
      'GROUP',
      outboxGroup,
      'first',
      'COUNT',
      1,
      'STREAMS',
      keys.stream,
      '>',
    )) as [string, [string, string[]][]][];
    const streamId = read[0]![1][0]![0];
    expect(await outbox.keep(streamId, 'first')).toBe(true);
    expect(await outbox.keep(streamId, 'other')).toBe(false);
    // Taken over (its holder was thought dead): the first can no longer renew it.
    await redis.xclaim(keys.stream, outboxGroup, 'other', 0, streamId, 'JUSTID');
    expect(await outbox.keep(streamId, 'first')).toBe(false);
    expect(await outbox.keep(streamId, 'other')).toBe(true);
  });

  it('when a live deliverer takes longer than the claim time to post a reply, no other deliverer takes it over', async () => {
    const posted: string[] = [];
    const slow: ReplySink = {
      async deliver(address) {
        await new Promise((resolve) => setTimeout(resolve, 1_200));
        if (address.platform === 'console') posted.push(address.conversationId);
      },
    };
    const { prefix, outbox } = deliveringTo(slow, { claimIdleMs: 300 });
    const other = startDeliverer(prefix, slow, { claimIdleMs: 300 });
    try {
      await outbox.put(entry('l', 'long'), 'answered:l');
      await waitFor(async () => (await outbox.pending()) === 0, 'the reply to be delivered', 5_000);
      await other.stop();
      expect(posted).toEqual(['l']);
    } finally {
      await other.stop();
    }
  });

  it('when stopped mid-delivery, it finishes the delivery under way first', async () => {
    let finished = false;
    let started = false;
    const slow: ReplySink = {
      async deliver() {
        started = true;
        await new Promise((resolve) => setTimeout(resolve, 300));
        finished = true;
      },
    };
    const { outbox } = deliveringTo(slow);
    await outbox.put(entry('s', 'slow'), 'answered:s');
    await waitFor(() => started, 'the delivery to start');
    await deliverer?.stop();
    deliverer = undefined;
    expect(finished).toBe(true);
    expect(await outbox.pending()).toBe(0);
  });
});
