import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.js';
import type { DiscordAdapter, DiscordClub } from '../../src/platforms/discord/app.js';
import { createDiscordReplySink } from '../../src/platforms/discord/reply-sink.js';
import { createSlackReplySink } from '../../src/platforms/slack/reply-sink.js';
import type { RunningSlack, SlackClub } from '../../src/platforms/slack/app.js';
import { startOneClubSlack } from '../support/one-club-slack.js';
import { chatInput, type Sender } from '../fakes/discord/interactions.js';
import { editsOf } from '../fakes/discord/records.js';
import { startFakeDiscord, type FakeDiscord } from '../fakes/discord/start-fake-discord.js';
import { postToSlackApp, slashCommandBody } from '../fakes/slack/slack-requests.js';
import { startFakeSlack, type FakeSlack } from '../fakes/slack/start-fake-slack.js';
import { waitFor } from '../support/wait-for.js';
import { opsTimezone, startOpsFixture, type OpsFixture } from './ops-fixture.js';
import { oneClub, startAdapterOnFake } from '../platforms/discord/adapter-on-fake.js';

type LogLine = Record<string, unknown> & { msg: string; id?: string; component?: string };

const signingSecret = 'correlation-signing-secret-51d0';
const botToken = 'xoxb-correlation-token-9f3b';
const discordToken = 'discord-correlation-token-77aa';
const applicationId = '700000000000000009';
const email = 'lane.four@example.org';
const typed = 'kingfisher';

/** Every line the process logged, parsed: pino writes one JSON object per line. */
const lines: LogLine[] = [];
const raw: string[] = [];
const destination = new Writable({
  write(chunk: Buffer, _encoding, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      raw.push(line);
      lines.push(JSON.parse(line) as LogLine);
    }
    done();
  },
});
const logger = createLogger({ level: 'info', role: 'all' }, destination);

let slack: FakeSlack;
let discord: FakeDiscord;
let ops: OpsFixture;
let slackAdapter: RunningSlack<SlackClub>;
let discordAdapter: DiscordAdapter<DiscordClub>;

beforeAll(async () => {
  slack = await startFakeSlack();
  discord = await startFakeDiscord({ applicationId });
  ops = await startOpsFixture({
    logger,
    sinks: (_metrics, services) => ({
      slack: createSlackReplySink({
        botToken,
        slackApiUrl: slack.apiUrl,
        redis: services.redis,
        prefix: services.prefix,
        sealer: services.sealer,
        logger,
      }),
      discord: createDiscordReplySink({
        apiUrl: discord.apiUrl,
        redis: services.redis,
        prefix: services.prefix,
        sealer: services.sealer,
      }),
    }),
  });
  const { services } = ops;
  ({ adapter: slackAdapter } = await startOneClubSlack(
    { ...services, dispatcher: ops.dispatcher },
    {
      signingSecret,
      botToken,
      slackApiUrl: slack.apiUrl,
      logger,
    },
  ));
  const club = { ...services, policy: services.policy, timezone: opsTimezone };
  discordAdapter = await startAdapterOnFake(discord, oneClub(club, ops.dispatcher), {
    token: discordToken,
    logger,
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

/** Slash commands whose adapter line a test has claimed. */
const seen = new Set<string>();

/** Runs `/whoswho <typed>` in Slack as a person Slack knows by email; its correlation id. */
async function slackWhosWho(responseUrl: string): Promise<string> {
  slack.setEmail('UCORRELATE', email);
  const body = slashCommandBody(
    { userId: 'UCORRELATE', channelId: 'CCORRELATE' },
    '/whoswho',
    typed,
    {
      responseUrl,
    },
  );
  const answer = await postToSlackApp(`http://127.0.0.1:${slackAdapter.port}/slack/events`, body, {
    secret: signingSecret,
  });
  expect(answer.status).toBe(200);
  const acknowledged = await waitFor(
    () => lines.find((line) => line.msg === 'slash command acknowledged' && !seen.has(line.id!)),
    'the adapter line',
  );
  seen.add(acknowledged.id!);
  return acknowledged.id!;
}
const lineOf = (msg: string, id: string) =>
  waitFor(
    () => lines.find((line) => line.msg === msg && line.id === id),
    `"${msg}" for ${id}`,
    15_000,
  );

describe('one correlation id from the adapter through the job to the reply', () => {
  it('when a Slack slash command is answered, the adapter and the worker log the same id, and the reply arrives', async () => {
    const responseUrl = slack.responseUrl();
    const id = await slackWhosWho(responseUrl);
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    const adapter = await lineOf('slash command acknowledged', id);
    expect(adapter).toMatchObject({ component: 'slack', command: '/whoswho', result: 'queued' });
    const worker = await lineOf('command finished', id);
    expect(worker).toMatchObject({ what: 'whoswho', outcome: 'answered' });
    // The worker leaves the reply in the outbox; the bot's deliverer posts it.
    await waitFor(
      () => slack.postsTo(responseUrl).some((post) => post.accepted),
      'the reply at the response_url',
    );
    expect(slack.postsTo(responseUrl).filter((post) => post.accepted)).toHaveLength(1);
  });

  it('when the first delivery fails (Slack rate-limits it), the failed delivery and the retry that delivers it carry the same id', async () => {
    // A used-up response_url sends the reply to chat.postEphemeral, which answers 429 once.
    const responseUrl = slack.responseUrl({ limit: 0 });
    slack.failNext('chat.postEphemeral', { status: 429, retryAfterSeconds: 1 });
    const id = await slackWhosWho(responseUrl);
    expect(await lineOf('reply delivery failed', id)).toMatchObject({
      platform: 'slack',
      retryable: true,
    });
    expect(await lineOf('command finished', id)).toMatchObject({ what: 'whoswho' });
    expect(await lineOf('reply delivered', id)).toMatchObject({ platform: 'slack', attempts: 2 });
    await waitFor(
      () => slack.callsTo('chat.postEphemeral').find((call) => call.args.user === 'UCORRELATE'),
      'the ephemeral reply',
    );
  });

  it('when a Discord command is answered, the interaction id is the id of the adapter, worker and reply lines', async () => {
    const sender: Sender = { applicationId, userId: '600000000000000042' };
    const payload = chatInput(sender, { name: 'whoswho', options: {} });
    // The first edit of the deferred response fails with 429 once; the retry edits it then.
    discord.failNext({
      match: (call) => call.method === 'PATCH' && call.path.includes(payload.token),
      status: 429,
      body: { message: 'You are being rate limited.', retry_after: 1, global: false },
      headers: { 'Retry-After': '1' },
    });
    discord.sendInteraction(payload);
    expect(await lineOf('command acknowledged', payload.id)).toMatchObject({
      component: 'discord',
      command: 'whoswho',
      result: 'queued',
    });
    expect(await lineOf('reply delivery failed', payload.id)).toMatchObject({
      platform: 'discord',
    });
    expect(await lineOf('command finished', payload.id)).toMatchObject({ what: 'whoswho' });
    expect(await lineOf('reply delivered', payload.id)).toMatchObject({ attempts: 2 });
    await waitFor(() => editsOf(discord, payload.token).length >= 2, 'the delivered edit');
    // The interaction token is a credential for 15 minutes: it is never logged either.
    expect(raw.join('\n')).not.toContain(payload.token);
  });

  it('no line holds a token, the signing secret, an email or what the person typed', () => {
    const everything = raw.join('\n');
    expect(lines.length).toBeGreaterThan(6);
    for (const secret of [botToken, signingSecret, discordToken, email, typed]) {
      expect(everything).not.toContain(secret);
    }
  });

  it('every line names its component at most once, and the process’s role beside it', () => {
    const adapterLines = raw.filter((line) => line.includes('"component":"slack"'));
    expect(adapterLines.length).toBeGreaterThan(0);
    for (const line of raw) expect(line.match(/"component":/g)?.length ?? 0).toBeLessThan(2);
    for (const line of adapterLines) expect(line).toContain('"role":"all"');
  });
});
