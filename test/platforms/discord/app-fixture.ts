import { afterAll, beforeAll } from 'vitest';
import type { AccessPolicy } from '../../../src/access/access-policy.js';
import { defaultAccessPolicy } from '../../../src/access/access-policy.js';
import type { Reply } from '../../../src/core/reply.js';
import type { ReplySink } from '../../../src/delivery/reply-sink.js';
import type { DiscordAdapter, DiscordClub } from '../../../src/platforms/discord/app.js';
import type { Sender } from '../../fakes/discord/interactions.js';
import { callbacksOf, editsOf } from '../../fakes/discord/records.js';
import type { CallRecord, CallbackBody, MessageBody } from '../../fakes/discord/records.js';
import { startFakeDiscord } from '../../fakes/discord/start-fake-discord.js';
import type { FakeDiscord } from '../../fakes/discord/start-fake-discord.js';
import { harnessTimezone, startBotHarness, type BotHarness } from '../../support/bot-harness.js';
import { waitFor } from '../../support/wait-for.js';
import { oneClub, startAdapterOnFake } from './adapter-on-fake.js';

export const applicationId = '700000000000000001';
/** A Discord role the access policy grants welfare to. */
const welfareRoleId = '500000000000000001';

/** A linked coach, someone the club does not know, and a holder of the welfare role. */
export const coach: Sender = { applicationId, userId: '600000000000000001' };
export const guest: Sender = { applicationId, userId: '600000000000000002' };
export const welfare: Sender = {
  applicationId,
  userId: '600000000000000003',
  roles: [welfareRoleId],
};

type CallbackRecord = CallRecord<CallbackBody>;
type EditRecord = CallRecord<MessageBody>;

/** The whole bot with the real discord.js client, Discord faked on loopback. */
export interface DiscordFixture {
  fake: FakeDiscord;
  harness: BotHarness;
  adapter: DiscordAdapter<DiscordClub>;
  /** The linked coach's name: "@everyone <surname>", which a roster must show and never obey. */
  coachName: string;
  /** The name of the Tuesday session the linked coach coaches. */
  coachSession: string;
  /** Sends an interaction and waits for its first callback. */
  send(payload: { id: string; token: string }): Promise<CallbackRecord>;
  /** The first edit of the original response that `done` accepts. */
  editOf(token: string, done?: (body: MessageBody) => boolean): Promise<EditRecord>;
  /** Delivers `reply` as the private answer to `to`'s interaction `token`; gives the message. */
  deliverPrivately(token: string, to: Sender, reply: Reply): Promise<EditRecord>;
  /** Jobs in the queue in any state: unchanged when nothing was enqueued. */
  jobCount(): Promise<number>;
  /** The idempotency keys of the form submissions the dispatcher has finished with. */
  dispatchedForms: string[];
  stop(): Promise<void>;
}

export async function startDiscordFixture(): Promise<DiscordFixture> {
  const dispatchedForms: string[] = [];
  const fake = await startFakeDiscord({ applicationId });
  const policy: AccessPolicy = {
    ...defaultAccessPolicy,
    commands: { meets: ['coach'] },
    grant: [{ platform: 'discord', group: welfareRoleId, roles: ['welfare'] }],
  };
  // The worker needs the sink before the services that the sink needs exist: handed over lazily.
  const lazy: { sink?: ReplySink } = {};
  const harness = await startBotHarness({
    policy,
    sinks: { discord: { deliver: (address, reply) => lazy.sink!.deliver(address, reply) } },
  });
  const { services, simulator } = harness;
  // The coach of the first Tuesday session is linked through MemberLinks; their first name is
  // "@everyone", which a roster must show and never obey.
  const tuesday = simulator.admin
    .records('sessions')
    .find((session) => session.WeekDay === 'Tuesday' && Array.isArray(session.Coaches));
  const coachGuid = (tuesday?.Coaches as { Guid: string }[])[0]?.Guid ?? '';
  const users = simulator.admin.records('users');
  simulator.admin.setRecords(
    'users',
    users.map((user) =>
      user.Guid === coachGuid ? { ...user, Firstname: '@everyone', Active: 1, IsACoach: 1 } : user,
    ),
  );
  const coachName = `@everyone ${String(users.find((user) => user.Guid === coachGuid)?.Lastname)}`;
  await services.links.set({ platform: 'discord', userId: coach.userId }, coachGuid);
  // Members and club roles in the cache, as on any day after the first command: the adapter then
  // knows who asks (it never calls the club service itself).
  await services.data.members();
  await services.data.roles();

  const club = { ...services, policy, timezone: harnessTimezone };
  const dispatcher = {
    command: harness.dispatcher.command,
    submitForm: (...args: Parameters<BotHarness['dispatcher']['submitForm']>) =>
      harness.dispatcher.submitForm(...args).finally(() => dispatchedForms.push(args[0].key)),
  };
  const adapter = await startAdapterOnFake(fake, oneClub(club, dispatcher));
  const sink = adapter.sinkFor(club);
  lazy.sink = sink;

  const editOf: DiscordFixture['editOf'] = (token, done = () => true) =>
    waitFor(
      () => editsOf(fake, token).find((call) => done(call.body)),
      `an edit of the original response`,
      15_000,
    );

  return {
    fake,
    harness,
    adapter,
    coachName,
    coachSession: String(tuesday?.SessionName),
    dispatchedForms,
    send(payload) {
      fake.sendInteraction(payload);
      return waitFor(() => callbacksOf(fake, payload.id)[0], `a callback for ${payload.id}`);
    },
    editOf,
    async deliverPrivately(token, to, reply) {
      await sink.deliver(
        {
          platform: 'discord',
          userId: to.userId,
          applicationId,
          interactionToken: token,
          issuedAt: Date.now(),
          ephemeral: true,
        },
        reply,
      );
      return editOf(token);
    },
    async jobCount() {
      const counts = await services.queue.queue.getJobCounts();
      return Object.values(counts).reduce((sum, count) => sum + count, 0);
    },
    async stop() {
      if (process.env.DEBUG_FAKE)
        for (const c of fake.calls)
          console.log(c.method, c.path, JSON.stringify(c.body)?.slice(0, 300));
      await adapter.stop();
      await harness.stop();
      await fake.close();
    },
  };
}

/** The fixture for a file's tests: started before them, stopped after them. */
export function useDiscordFixture(): DiscordFixture {
  const fixture: Partial<DiscordFixture> = {};
  beforeAll(async () => {
    Object.assign(fixture, await startDiscordFixture());
  });
  afterAll(() => fixture.stop?.());
  // Filled in before the first test runs.
  return fixture as DiscordFixture;
}
