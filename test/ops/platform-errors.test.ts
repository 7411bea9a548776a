import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textReply } from '../../src/core/reply.js';
import { DeliveryError } from '../../src/delivery/reply-sink.js';
import { createLogger } from '../../src/log.js';
import type { DiscordAdapter, DiscordClub } from '../../src/platforms/discord/app.js';
import { createDiscordReplySink } from '../../src/platforms/discord/reply-sink.js';
import { createSlackReplySink } from '../../src/platforms/slack/reply-sink.js';
import type { RunningSlack, SlackClub } from '../../src/platforms/slack/app.js';
import { startOneClubSlack } from '../support/one-club-slack.js';
import { chatInput } from '../fakes/discord/interactions.js';
import { startFakeDiscord, type FakeDiscord } from '../fakes/discord/start-fake-discord.js';
import { postToSlackApp, slashCommandBody } from '../fakes/slack/slack-requests.js';
import { startFakeSlack, type FakeSlack } from '../fakes/slack/start-fake-slack.js';
import { waitFor } from '../support/wait-for.js';
import { opsTimezone, startOpsFixture, type OpsFixture } from './ops-fixture.js';
import { oneClub, startAdapterOnFake } from '../platforms/discord/adapter-on-fake.js';

const signingSecret = 'platform-errors-secret';
const applicationId = '700000000000000011';
const silent = createLogger({ level: 'silent' });

let slack: FakeSlack;
let discord: FakeDiscord;
let ops: OpsFixture;
let slackAdapter: RunningSlack<SlackClub>;
let discordAdapter: DiscordAdapter<DiscordClub>;
/** What each platform told `onApiError`, as main.ts hands it to the metrics. */
const reported: { platform: string; code: string }[] = [];
const onApiError = (platform: string) => (code: string) => reported.push({ platform, code });
const codes = (platform: string) =>
  reported.filter((entry) => entry.platform === platform).map((entry) => entry.code);

beforeAll(async () => {
  slack = await startFakeSlack();
  discord = await startFakeDiscord({ applicationId });
  ops = await startOpsFixture({ worker: false });
  const { services } = ops;
  ({ adapter: slackAdapter } = await startOneClubSlack(
    { ...services, dispatcher: ops.dispatcher },
    {
      signingSecret,
      botToken: 'xoxb-errors',
      slackApiUrl: slack.apiUrl,
      logger: silent,
      onApiError: onApiError('slack'),
    },
  ));
  const club = { ...services, policy: services.policy, timezone: opsTimezone };
  discordAdapter = await startAdapterOnFake(discord, oneClub(club, ops.dispatcher), {
    token: 'discord-errors-token',
    onApiError: onApiError('discord'),
  });
  await discord.ready();
}, 60_000);

afterAll(async () => {
  await discordAdapter?.stop();
  await slackAdapter?.stop();
  await ops?.stop();
  await discord?.close();
  await slack?.close();
});

const slash = (userId: string, command: string, text = '') =>
  postToSlackApp(
    `http://127.0.0.1:${slackAdapter.port}/slack/events`,
    slashCommandBody({ userId, channelId: 'CERRORS' }, command, text, {
      responseUrl: slack.responseUrl(),
    }),
    { secret: signingSecret },
  );

const notice = textReply('The pool is closed on Friday.');

describe('Slack API errors reach onApiError with Slack’s own code', () => {
  it('when users.info lacks its scope, the adapter reports missing_scope and tells the person', async () => {
    slack.failNext('users.info', { error: 'missing_scope' });
    const responseUrl = slack.responseUrl();
    const answer = await postToSlackApp(
      `http://127.0.0.1:${slackAdapter.port}/slack/events`,
      slashCommandBody({ userId: 'UNOSCOPE', channelId: 'CERRORS' }, '/whoswho', '', {
        responseUrl,
      }),
      { secret: signingSecret },
    );
    expect(answer.status).toBe(200);
    const told = await waitFor(() => slack.postsTo(responseUrl)[0], 'the answer');
    expect(String(told.body.text)).toMatch(/temporarily unavailable/i);
    expect(codes('slack')).toContain('missing_scope');
  });

  it('when views.open refuses the trigger, the adapter reports its code', async () => {
    slack.failNext('views.open', { error: 'expired_trigger_id' });
    await slash('UFORM', '/incident', 'new');
    await waitFor(() => codes('slack').includes('expired_trigger_id'), 'the views.open error');
  });

  it('when the bot is not in the channel, the sink reports not_in_channel and still reaches the person by DM', async () => {
    const sink = createSlackReplySink({
      botToken: 'xoxb-errors',
      slackApiUrl: slack.apiUrl,
      redis: ops.services.redis,
      prefix: ops.services.prefix,
      sealer: ops.services.sealer,
      logger: silent,
      onApiError: onApiError('slack'),
    });
    slack.failNext('chat.postEphemeral', { error: 'not_in_channel' });
    await sink.deliver(
      { platform: 'slack', userId: 'UDM', channelId: 'CPRIVATE', issuedAt: Date.now() },
      notice,
    );
    expect(codes('slack')).toContain('not_in_channel');
    expect(slack.callsTo('chat.postMessage').some((call) => call.args.channel === 'UDM')).toBe(
      true,
    );
  });
});

describe('Discord API errors reach onApiError with Discord’s JSON code', () => {
  it('when the deferral comes too late (10062 Unknown interaction), the adapter reports 10062', async () => {
    const payload = chatInput({ applicationId, userId: '600000000000000077' }, { name: 'whoswho' });
    discord.failNext({
      match: (call) => call.path.startsWith(`/interactions/${payload.id}/`),
      status: 404,
      body: { message: 'Unknown interaction', code: 10062 },
    });
    discord.sendInteraction(payload);
    await waitFor(() => codes('discord').includes('10062'), 'the 10062 report');
  });

  it('when the worker’s edit is refused or rate-limited, the sink reports 50027 and rate_limited', async () => {
    const sink = createDiscordReplySink({
      apiUrl: discord.apiUrl,
      redis: ops.services.redis,
      prefix: ops.services.prefix,
      sealer: ops.services.sealer,
      onApiError: onApiError('discord'),
    });
    const to = (token: string) => ({
      platform: 'discord' as const,
      userId: '600000000000000078',
      applicationId,
      interactionToken: token,
      issuedAt: Date.now(),
      ephemeral: true,
    });
    discord.failNext({
      match: (call) => call.path.includes('revoked-token'),
      status: 401,
      body: { message: 'Invalid Webhook Token', code: 50027 },
    });
    await expect(sink.deliver(to('revoked-token'), notice)).rejects.toBeInstanceOf(DeliveryError);
    discord.failNext({
      match: (call) => call.path.includes('busy-token'),
      status: 429,
      body: { message: 'You are being rate limited.', retry_after: 2, global: false },
      headers: { 'Retry-After': '2' },
    });
    await expect(sink.deliver(to('busy-token'), notice)).rejects.toBeInstanceOf(DeliveryError);
    expect(codes('discord')).toEqual(expect.arrayContaining(['50027', 'rate_limited']));
  });
});
