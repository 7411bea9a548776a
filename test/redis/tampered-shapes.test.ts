import { describe, expect, it } from 'vitest';
import { createAuditTrail } from '../../src/access/audit-trail.js';
import { createMemberLinks } from '../../src/access/asker.js';
import { createReplyOutbox } from '../../src/delivery/reply-outbox.js';
import { createSubscriptionStore } from '../../src/digests/subscription-store.js';
import { jobPayloadSchemas, jobDataAt } from '../../src/jobs/club-queue.js';
import { createInteractionState } from '../../src/platforms/discord/state.js';
import { clubKeys, clubPrefix } from '../../src/redis/club-keys.js';
import { createSealer, UnsealableError } from '../../src/redis/sealer.js';
import { testDataKey } from '../support/data-key.js';
import { connectionsClosedAfterAll, uniquePrefix } from '../support/redis.js';

/**
 * As a person holding the data key, or a bug, would write: values that open but are not of the
 * shape kept there. Each is taken as absent, as a value that does not open is, and told once per
 * kind without its text.
 */
describe('when Redis holds values that open but are not of the shape kept there', () => {
  const connect = connectionsClosedAfterAll();
  const redis = connect();
  const told: unknown[][] = [];
  const sealer = createSealer(testDataKey, { onUnopenable: (...args) => told.push(args) });
  const prefix = clubPrefix('grebes', uniquePrefix('shape'));
  const keys = clubKeys(prefix);

  it('then an outbox entry without an address is not delivered, and its text is not told', () => {
    const outbox = createReplyOutbox(redis, prefix, sealer);
    const at = { kind: 'outbox' as const, key: keys.outbox.stream };
    const forged = {
      id: 'j1',
      reply: { visibility: 'asker', personalData: true, title: 'DBS 42' },
    };
    expect(outbox.read(['entry', sealer.sealJson(forged, at)])).toBeUndefined();
    expect(told).toContainEqual(['outbox', expect.stringMatching(/does not hold/)]);
    expect(JSON.stringify(told)).not.toContain('DBS');
  });

  it('then an audit entry of another shape is left out, and the others are read', async () => {
    const trail = createAuditTrail({ redis, prefix });
    await trail.record({
      at: 1,
      askedBy: 'slack:U1',
      command: 'member',
      members: ['G1'],
      fieldGroups: [],
    });
    await redis.xadd(keys.audit, '*', 'entry', JSON.stringify({ members: 5 }));
    await redis.xadd(keys.audit, '*', 'entry', 'not json');
    expect((await trail.read({ member: 'G1' })).map((entry) => entry.askedBy)).toEqual([
      'slack:U1',
    ]);
  });

  it('then a digest subscription, its log or a remembered person of another shape is not there', async () => {
    const store = createSubscriptionStore(redis, prefix, sealer);
    const place = {
      kind: 'digest-subscription' as const,
      key: keys.digests.subscriptions,
      field: 'bcdfg',
    };
    await redis.hset(
      place.key,
      'bcdfg',
      sealer.sealJson({ id: 'bcdfg', kind: 'everything' }, place),
    );
    expect(await store.get('bcdfg')).toBeUndefined();
    expect(await store.list()).toEqual([]);
    await redis.xadd(keys.digests.log, '*', 'entry', JSON.stringify({ at: 'soon' }));
    expect(await store.readLog()).toEqual([]);
  });

  it('then a Discord page whose mentions were widened, or a follow-up without its command, has gone', async () => {
    const state = createInteractionState(redis, prefix, sealer);
    const page = { embeds: [], components: [], allowed_mentions: { parse: ['everyone'] } };
    await state.put('pages', 'p1', [page]);
    await state.put('follow-up', 'f1', { args: 'page 2' });
    expect(await state.get('pages', 'p1')).toBeUndefined();
    expect(await state.get('follow-up', 'f1')).toBeUndefined();
    await state.put('pages', 'p2', [{ ...page, allowed_mentions: { parse: [] } }]);
    expect(await state.get('pages', 'p2')).toHaveLength(1);
  });

  it('then a job whose payload is of another shape is refused as unopenable', () => {
    const at = jobDataAt(`${keys.queue.prefix}:${keys.queue.name}`, 'command');
    const sealed = sealer.sealJson({ request: { id: 'r1', command: 'today' } }, at);
    expect(() => sealer.openJson(sealed, at, jobPayloadSchemas.command)).toThrowError(
      UnsealableError,
    );
  });

  it('then a member link that is not a Guid links nobody', async () => {
    const links = createMemberLinks(redis, prefix, sealer.forClub('grebes'));
    const place = { kind: 'member-link' as const, key: keys.links('slack'), field: 'U9' };
    await redis.hset(place.key, 'U9', sealer.forClub('grebes').sealJson({ guid: 'G' }, place));
    expect(await links.get({ platform: 'slack', userId: 'U9' })).toBeUndefined();
  });
});
