import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostedClub } from '../../src/hosting/club-directory.js';
import type { DiscordAdapter } from '../../src/platforms/discord/app.js';
import { chatInput, type Sender } from '../fakes/discord/interactions.js';
import { callbacksOf, editsOf } from '../fakes/discord/records.js';
import { startFakeDiscord, type FakeDiscord } from '../fakes/discord/start-fake-discord.js';
import { waitFor } from '../support/wait-for.js';
import { startHostingHarness, type HostingHarness } from './hosting-harness.js';
import { startAdapterOnFake } from '../platforms/discord/adapter-on-fake.js';

const applicationId = '700000000000000009';
let host: HostingHarness;
let fake: FakeDiscord;
let adapter: DiscordAdapter<HostedClub>;

beforeAll(async () => {
  fake = await startFakeDiscord({ applicationId });
  host = await startHostingHarness({
    clubs: [{ id: 'pike' }, { id: 'perch' }],
    // The deliverer asks for a club's sinks once it has replies, by then from the adapter.
    sinksFor: (club) => ({
      discord: { deliver: (address, reply) => adapter.sinkFor(club).deliver(address, reply) },
    }),
  });
  const { directory } = host;
  adapter = await startAdapterOnFake(fake, {
    clubFor: (guildId) => directory.byDiscordGuild(guildId),
    dispatcherOf: host.dispatcherOf,
  });
});
afterAll(async () => {
  await adapter.stop();
  await host.stop();
  await fake.close();
});

const guildOf = (clubId: string) => host.directory.club(clubId)!.record!.discordGuilds[0]!;
const someone = (guildId: string): Sender => ({
  applicationId,
  userId: '600000000000000077',
  guildId,
});
const whoswhoIn = async (guildId: string) => {
  const payload = chatInput(someone(guildId), { name: 'whoswho', options: {} });
  fake.sendInteraction(payload);
  await waitFor(() => callbacksOf(fake, payload.id)[0], 'the deferral');
  const edit = await waitFor(() => editsOf(fake, payload.token)[0], 'the answer', 15_000);
  return JSON.stringify(edit.body);
};
const queued = async () => {
  let jobs = 0;
  for (const club of host.directory.built()) {
    const counts = await club.queue.queue.getJobCounts();
    jobs += Object.values(counts).reduce((sum, count) => sum + count, 0);
  }
  return jobs;
};

describe('one Discord bot for many clubs', () => {
  it('when a command comes from a club’s server, that club answers it from its own records', async () => {
    const pike = await whoswhoIn(guildOf('pike'));
    const perch = await whoswhoIn(guildOf('perch'));
    expect(pike).not.toEqual(perch);
    expect(host.simulators.get('pike')?.admin.calls().total).toBeGreaterThan(0);
    expect(host.simulators.get('perch')?.admin.calls().total).toBeGreaterThan(0);
  });

  it('when a command comes from a server no club has, it is refused with no job and no club call', async () => {
    const jobs = await queued();
    const calls = [...host.simulators.values()].map((sim) => sim.admin.calls().total);
    const payload = chatInput(someone('999999999999999998'), { name: 'whoswho', options: {} });
    fake.sendInteraction(payload);
    const callback = await waitFor(() => callbacksOf(fake, payload.id)[0], 'the refusal');
    expect(JSON.stringify(callback.body)).toMatch(/only in its club's own Discord server/);
    expect(callback.body.data?.flags).toBe(64);
    expect(await queued()).toBe(jobs);
    expect([...host.simulators.values()].map((sim) => sim.admin.calls().total)).toEqual(calls);
  });

  it('when the registry maps a new server to a club, its commands are answered without a restart', async () => {
    await host.registry.update('perch', {
      discordGuilds: [guildOf('perch'), '812345678901234567'],
    });
    await host.directory.refresh();
    expect(await whoswhoIn('812345678901234567')).toContain('Who');
  });
});
