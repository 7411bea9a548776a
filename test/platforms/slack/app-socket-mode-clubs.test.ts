import { Writable } from 'node:stream';
import { notSetUpText } from '../../../src/platforms/slack/serve-club.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HostedClub } from '../../../src/hosting/club-directory.js';
import { createLogger } from '../../../src/log.js';
import { startSlackAdapter, type RunningSlack } from '../../../src/platforms/slack/app.js';
import { slashCommandFields } from '../../fakes/slack/slack-requests.js';
import {
  startFakeSlackOverSocket,
  type FakeSlackOverSocket,
} from '../../fakes/slack/start-fake-socket-mode.js';
import { startHostingHarness, type HostingHarness } from '../../hosting/hosting-harness.js';
import { waitFor } from '../../support/wait-for.js';

let slack: FakeSlackOverSocket;
let host: HostingHarness;
let adapter: RunningSlack<HostedClub>;
/** The adapter's warnings. */
const lines: string[] = [];

beforeAll(async () => {
  slack = await startFakeSlackOverSocket();
  const { fake, socket } = slack;
  host = await startHostingHarness({
    clubs: [{ id: 'kingfishers' }, { id: 'grebes' }],
    // The adapter starts after the directory it looks clubs up in; replies wait for it.
    sinksFor: (club) => ({
      slack: { deliver: (to, reply) => adapter.sinkFor(club).deliver(to, reply) },
    }),
  });
  adapter = await startSlackAdapter<HostedClub>({
    appToken: 'xapp-clubs',
    botToken: 'xoxb-clubs',
    slackApiUrl: fake.apiUrl,
    port: 0,
    logger: createLogger(
      { level: 'warn' },
      new Writable({ write: (chunk, _, done) => (lines.push(String(chunk)), done()) }),
    ),
    clubFor: (teamId) => host.directory.bySlackTeam(teamId),
    dispatcherOf: host.dispatcherOf,
  });
  await socket.connected();
});
afterAll(async () => {
  await adapter?.stop();
  await host?.stop();
  await slack?.close();
});

const slashOver = (teamId: string, responseUrl: string) =>
  slack.socket.send(
    'slash_commands',
    slashCommandFields({ userId: 'USOCKET', teamId }, '/whoswho', '', { responseUrl }),
  );

/** An Events API envelope's payload: App Home opened by `user` in `teamId`'s workspace. */
const homeOpened = (teamId: string, user: string, eventId: string) => ({
  token: 'unused',
  team_id: teamId,
  api_app_id: 'A1',
  type: 'event_callback',
  event_id: eventId,
  event_time: Math.floor(Date.now() / 1000),
  event: { type: 'app_home_opened', user, channel: `D${user}`, tab: 'home', event_ts: '1.2' },
  authorizations: [{ team_id: teamId, enterprise_id: null, user_id: 'UBOT', is_bot: true }],
});

describe('Socket Mode for many clubs, each found by its workspace', () => {
  it('when a club’s workspace runs a command over the socket, that club answers it; a workspace with no club is told it is not set up', async () => {
    const responseUrl = slack.fake.responseUrl();
    const ack = await slashOver('TKINGFISHERS', responseUrl);
    expect(ack.payload).toEqual({});
    const post = await waitFor(() => slack.fake.postsTo(responseUrl)[0], 'the answer', 15_000);
    expect(JSON.stringify(post.body.blocks)).toContain("Who's who");
    expect(host.simulators.get('kingfishers')?.admin.calls().total).toBeGreaterThan(0);

    const calls = host.simulators.get('grebes')?.admin.calls().total;
    const refused = await slashOver('TSTRANGER', slack.fake.responseUrl());
    expect(refused.payload).toEqual({ response_type: 'ephemeral', text: notSetUpText });
    expect(host.simulators.get('grebes')?.admin.calls().total).toBe(calls);
  });

  it('when Slack retries an event over the socket (retry_num 1, the same event id), the retry is acknowledged and ignored', async () => {
    const grebes = host.directory.bySlackTeam('TGREBES');
    const homeMarks = () => host.redis.keys(`${grebes?.prefix}:slack:home:*`);
    const publishes = () =>
      slack.fake.callsTo('views.publish').filter((c) => c.args.user_id === 'UHOME');
    await slack.socket.send('events_api', homeOpened('TGREBES', 'UHOME', 'EvRETRY1'));
    await waitFor(() => publishes()[0], 'the Home published', 15_000);
    // Without the hourly mark, only the replay guard stands between a retry and a second /today.
    await host.redis.del(...(await homeMarks()));

    await slack.socket.send('events_api', homeOpened('TGREBES', 'UHOME', 'EvRETRY1'), {
      retry_attempt: 1,
      retry_reason: 'timeout',
    });
    const warned = await waitFor(
      () => lines.find((line) => line.includes('came a second time')),
      'the retry refused',
    );
    expect(warned).toContain('"retryNum":1');
    expect(warned).toContain('"retryReason":"timeout"');
    expect(await homeMarks()).toEqual([]);
    expect(publishes()).toHaveLength(1);
  });
});
