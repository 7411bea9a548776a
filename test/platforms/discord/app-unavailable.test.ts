import { testSealer } from '../../support/data-key.js';
import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAccessPolicy } from '../../../src/access/access-policy.js';
import type { Dispatcher } from '../../../src/dispatch/create-dispatcher.js';
import { TemporarilyUnavailableError } from '../../../src/errors.js';
import { createMemberLinks } from '../../../src/access/asker.js';
import type { DiscordAdapter, DiscordClub } from '../../../src/platforms/discord/app.js';
import {
  autocomplete,
  chatInput,
  modalSubmit,
  type Sender,
} from '../../fakes/discord/interactions.js';
import { callbacksOf, editsOf, textOf } from '../../fakes/discord/records.js';
import { startFakeDiscord, type FakeDiscord } from '../../fakes/discord/start-fake-discord.js';
import { waitFor } from '../../support/wait-for.js';
import { connectTestRedis, uniquePrefix } from '../../support/redis.js';
import { oneClub, startAdapterOnFake } from './adapter-on-fake.js';

const applicationId = '700000000000000001';
const person: Sender = { applicationId, userId: '600000000000000001' };

let fake: FakeDiscord;
let redis: Redis;
let adapter: DiscordAdapter<DiscordClub>;

/** Redis does not answer: commands hang (as the dispatcher's Redis calls would), then fail. */
const hanging = () => new Promise<never>(() => undefined);
const stalledDispatcher: Dispatcher = {
  command: async (input) => {
    if ('name' in input && input.name === 'incident new') return hanging();
    throw new TemporarilyUnavailableError();
  },
  submitForm: async () => {
    throw new TemporarilyUnavailableError();
  },
};

beforeAll(async () => {
  fake = await startFakeDiscord({ applicationId });
  redis = connectTestRedis();
  const prefix = uniquePrefix('discord-down');
  const services = {
    redis,
    prefix,
    sealer: testSealer,
    cache: { peek: hanging },
    links: createMemberLinks(redis, prefix, testSealer),
  };
  const club = { ...services, policy: defaultAccessPolicy, timezone: 'Europe/London' };
  adapter = await startAdapterOnFake(fake, oneClub(club, stalledDispatcher));
});
afterAll(async () => {
  await adapter?.stop();
  redis?.disconnect();
  await fake?.close();
});

describe('the Discord adapter when Redis does not answer', () => {
  it('when a command is run, it is deferred at once and then told the bot is temporarily unavailable', async () => {
    const payload = chatInput(person, { name: 'session', options: { when: 'Tuesday' } });
    fake.sendInteraction(payload);
    const callback = await waitFor(() => callbacksOf(fake, payload.id)[0], 'the deferral');
    expect(callback.body).toEqual({ type: 5, data: { flags: 64 } });
    const edit = await waitFor(() => editsOf(fake, payload.token)[0], 'the answer');
    expect(textOf(edit.body)).toContain('temporarily unavailable');
  });

  it('when a form is asked for, the person is told within Discord’s 3 s instead of seeing no modal', async () => {
    const payload = chatInput(person, { name: 'incident', subcommand: 'new' });
    const sent = Date.now();
    fake.sendInteraction(payload);
    const callback = await waitFor(() => callbacksOf(fake, payload.id)[0], 'the answer', 5_000);
    expect(callback.at - sent).toBeLessThan(3_000);
    expect(callback.body.type).toBe(4);
    expect(callback.body.data?.flags).toBe(64);
    expect(textOf(callback.body.data)).toContain('temporarily unavailable');
  });

  it('when a form is submitted, what was typed is shown back so nothing is lost', async () => {
    const payload = modalSubmit(person, {
      customId: 'form:incident',
      values: { title: 'Lane rope snapped', date: '2026-03-14', details: 'Lane 4, warm-up' },
    });
    fake.sendInteraction(payload);
    const edit = await waitFor(() => editsOf(fake, payload.token)[0], 'the answer');
    const text = textOf(edit.body);
    expect(text).toContain('temporarily unavailable');
    expect(text).toContain('Lane rope snapped');
    expect(text).toContain('Lane 4, warm-up');
  });

  it('when a member name is typed, autocomplete answers with nothing before the deadline', async () => {
    const payload = autocomplete(person, { name: 'member', focused: 'name', value: 'jane' });
    fake.sendInteraction(payload);
    const callback = await waitFor(() => callbacksOf(fake, payload.id)[0], 'the answer', 5_000);
    expect(callback.body).toEqual({ type: 8, data: { choices: [] } });
  });
});
