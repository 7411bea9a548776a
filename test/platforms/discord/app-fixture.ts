import { discordScopeOptions } from '../../support/discord-scope-options.js';
import { fakeGuildId } from '../../fakes/discord/interactions.js';
import { defaultAccessPolicy, type AccessPolicy } from '../../../src/access/access-policy.js';
import type { Reply } from '../../../src/core/reply.js';
import type { ReplySink } from '../../../src/delivery/reply-sink.js';
import { createLogger } from '../../../src/log.js';
import { startDiscordAdapter, type DiscordAdapter } from '../../../src/platforms/discord/app.js';
import { createDiscordReplySink } from '../../../src/platforms/discord/reply-sink.js';
import type { Sender } from '../../fakes/discord/interactions.js';
import {
  callbacksOf,
  editsOf,
  type CallbackBody,
  type MessageBody,
} from '../../fakes/discord/records.js';
import {
  startFakeDiscord,
  type FakeDiscord,
  type RecordedCall,
} from '../../fakes/discord/start-fake-discord.js';
import { waitFor } from '../../support/wait-for.js';
import { harnessTimezone, startBotHarness, type BotHarness } from '../../support/bot-harness.js';

export const applicationId = '700000000000000001';
export const coachUserId = '600000000000000001';
export const guestUserId = '600000000000000002';
const welfareUserId = '600000000000000003';
/** A Discord role the access policy grants welfare to. */
const welfareRoleId = '500000000000000001';

/** A linked coach, someone the club does not know, and a holder of the welfare role. */
export const coach: Sender = { applicationId, userId: coachUserId };
export const guest: Sender = { applicationId, userId: guestUserId };
export const welfare: Sender = { applicationId, userId: welfareUserId, roles: [welfareRoleId] };

type CallbackRecord = RecordedCall & { body: CallbackBody };
type EditRecord = RecordedCall & { body: MessageBody };

/** The whole bot with the real discord.js client, Discord faked on loopback. */
export interface DiscordFixture {
  fake: FakeDiscord;
  harness: BotHarness;
  adapter: DiscordAdapter;
  /** The linked coach's name: "@everyone <surname>", which a roster must show and never obey. */
  coachName: string;
  /** The name of the Tuesday session the linked coach coaches. */
  coachSession: string;
  /** Sends an interaction and waits for its first callback. */
  send(payload: { id: string; token: string }): Promise<CallbackRecord>;
  /** The first edit of the original response that `done` accepts. */
  editOf(token: string, done?: (body: MessageBody) => boolean): Promise<EditRecord>;
  /** Delivers `reply` as the private answer to `userId`'s interaction `token`; gives the message. */
  deliverPrivately(token: string, userId: string, reply: Reply): Promise<EditRecord>;
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
  const sink = createDiscordReplySink({
    apiUrl: fake.apiUrl,
    redis: services.redis,
    prefix: services.prefix,
    sealer: services.sealer,
  });
  lazy.sink = sink;

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
  await services.links.set({ platform: 'discord', userId: coachUserId }, coachGuid);
  // Members and club roles in the cache, as on any day after the first command: the adapter then
  // knows who asks (it never calls the club service itself).
  await services.data.members();
  await services.data.roles();

  const adapter = await startDiscordAdapter({
    guildIds: [fakeGuildId],
    token: 'fake-bot-token',
    applicationId,
    apiUrl: fake.apiUrl,
    dispatcher: {
      command: (...args) => harness.dispatcher.command(...args),
      submitForm: (...args) =>
        harness.dispatcher.submitForm(...args).finally(() => dispatchedForms.push(args[0].key)),
    },
    ...discordScopeOptions(services),
    timezone: harnessTimezone,
    logger: createLogger({ level: process.env.DEBUG_FAKE ? 'warn' : 'silent' }),
  });

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
    async deliverPrivately(token, userId, reply) {
      await sink.deliver(
        {
          platform: 'discord',
          userId,
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
