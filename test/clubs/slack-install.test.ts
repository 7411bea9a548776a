import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registryKeys } from '../../src/clubs/club-keys.js';
import { createSlackClaims } from '../../src/clubs/slack-claims.js';
import { createLogger } from '../../src/log.js';
import type { RunningSlackAdapter } from '../../src/platforms/slack/app.js';
import { createHostedSlackSink } from '../../src/platforms/slack/hosted-reply-sink.js';
import { createRedisInstallationStore } from '../../src/platforms/slack/redis-installation-store.js';
import { notSetUpText, startHostedSlack } from '../../src/platforms/slack/start-hosted-slack.js';
import { postToSlackApp, slashCommandBody } from '../fakes/slack/slack-requests.js';
import { startFakeSlack, type FakeSlack } from '../fakes/slack/start-fake-slack.js';
import { testSealer } from '../support/data-key.js';
import { waitFor } from '../support/wait-for.js';
import { startHostingHarness, type HostingHarness } from './hosting-harness.js';

const signingSecret = 'hosted-signing-secret-31d0';
let fake: FakeSlack;
let host: HostingHarness;
let adapter: RunningSlackAdapter;
let base: string;
let store: ReturnType<typeof createRedisInstallationStore>;

beforeAll(async () => {
  fake = await startFakeSlack();
  const lazy: { tokenFor?: (team: string | undefined) => Promise<string | undefined> } = {};
  host = await startHostingHarness({
    clubs: [{ id: 'kingfishers' }, { id: 'grebes' }],
    sinksFor: (club) => ({
      slack: createHostedSlackSink({
        tokenFor: (team) => lazy.tokenFor!(team),
        slackApiUrl: fake.apiUrl,
        redis: club.services.redis,
        prefix: club.services.prefix,
        sealer: club.services.sealer,
        logger: createLogger({ level: 'silent' }),
      }),
    }),
  });
  store = createRedisInstallationStore({
    redis: host.redis,
    key: registryKeys(host.root).slackInstallations,
    sealer: testSealer,
  });
  // As npm start does: an installation's token, or the one workspace's SLACK_BOT_TOKEN.
  lazy.tokenFor = async (team) => (team && (await store.teamToken(team))) || 'xoxb-one-workspace';
  adapter = await startHostedSlack({
    signingSecret,
    slackApiUrl: fake.apiUrl,
    port: 0,
    host: '127.0.0.1',
    logger: createLogger({ level: 'silent' }),
    oauth: {
      clientId: '1111.2222',
      clientSecret: 'client-secret-9e2a',
      stateSecret: 'state-secret-4b7c',
      installationStore: store,
      claims: createSlackClaims({ redis: host.redis, registry: host.registry, root: host.root }),
    },
    clubFor: (teamId) => host.directory.bySlackTeam(teamId),
    dispatcherOf: host.dispatcherOf,
  });
  base = `http://127.0.0.1:${adapter.port}`;
});
afterAll(async () => {
  await adapter.stop();
  await host.stop();
  await fake.close();
});

/** Slack's install flow as a browser goes through it; resolves the page it ends on. */
async function install(teamId: string): Promise<string> {
  const landing = await fetch(`${base}/slack/install`);
  const cookie = landing.headers.get('set-cookie')?.split(';')[0] ?? '';
  const state = /state=([^"&]+)/.exec(await landing.text())?.[1] ?? '';
  const code = fake.installCode(teamId, `Workspace ${teamId}`);
  const redirect = await fetch(`${base}/slack/oauth_redirect?code=${code}&state=${state}`, {
    headers: { cookie },
  });
  return redirect.text();
}

async function claim(page: string, code: string) {
  const ticket = /name="ticket" value="([^"]+)"/.exec(page)?.[1] ?? '';
  const response = await fetch(`${base}/slack/claim`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ ticket, code }).toString(),
  });
  return { status: response.status, page: await response.text() };
}

const slash = (teamId: string, command: string) => {
  const responseUrl = fake.responseUrl();
  const body = slashCommandBody({ userId: 'UADMIN', teamId }, command, '', { responseUrl });
  return postToSlackApp(`${base}/slack/events`, body, { secret: signingSecret }).then((answer) => ({
    answer,
    responseUrl,
  }));
};

describe('Slack’s install flow for many clubs', () => {
  it('when a club’s admin installs the app and types the operator’s code, the workspace answers for that club', async () => {
    const page = await install('TNEWKING');
    expect(page).toContain('type the one-time code');
    const code = await host.registry.invites.create('kingfishers');
    const done = await claim(page, code);
    expect(done.status).toBe(200);
    expect(done.page).toContain('now answers for Club kingfishers');
    expect(await host.registry.clubOfSlackTeam('TNEWKING')).toBe('kingfishers');

    await host.directory.refresh();
    const { answer, responseUrl } = await slash('TNEWKING', '/whoswho');
    expect(answer.status).toBe(200);
    await waitFor(
      () => fake.postsTo(responseUrl).find((p) => JSON.stringify(p.body).includes("Who's who")),
      'the answer',
      15_000,
    );
    expect(host.simulators.get('kingfishers')?.admin.calls().total).toBeGreaterThan(0);
  });

  it('when the workspace’s token is stored, Redis holds it sealed', async () => {
    const token = await store.teamToken('TNEWKING');
    expect(token).toMatch(/^xoxb-TNEWKING-/);
    const raw = await host.redis.hget(registryKeys(host.root).slackInstallations, 'TNEWKING');
    expect(raw).not.toContain(token);
  });

  it('when a workspace is installed but not connected, its commands are told it is not set up, with no job and no data', async () => {
    await install('TLOST');
    const calls = [...host.simulators.values()].map((sim) => sim.admin.calls().total);
    const { answer } = await slash('TLOST', '/whoswho');
    expect(answer.status).toBe(200);
    expect(answer.json?.text).toBe(notSetUpText);
    expect([...host.simulators.values()].map((sim) => sim.admin.calls().total)).toEqual(calls);
  });

  it('when a wrong code is typed the workspace stays unconnected, and a code works once', async () => {
    const page = await install('TGREBE');
    const wrong = await claim(page, 'AAAA-BBBB-CCCC');
    expect(wrong.status).toBe(400);
    expect(wrong.page).toContain('That code is not valid');
    expect(await host.registry.clubOfSlackTeam('TGREBE')).toBeUndefined();
    const code = await host.registry.invites.create('grebes');
    expect((await claim(page, code)).status).toBe(200);
    const again = await install('TOTHER');
    expect((await claim(again, code)).page).toContain('That code is not valid');
  });
});

describe('one Slack workspace by its bot token, in a hosting deployment', () => {
  it('when the workspace is a club’s, it answers for that club; any other is told it is not set up', async () => {
    const single = await startHostedSlack({
      signingSecret,
      slackApiUrl: fake.apiUrl,
      port: 0,
      host: '127.0.0.1',
      logger: createLogger({ level: 'silent' }),
      botToken: 'xoxb-one-workspace',
      clubFor: (teamId) => host.directory.bySlackTeam(teamId),
      dispatcherOf: host.dispatcherOf,
    });
    try {
      const events = `http://127.0.0.1:${single.port}/slack/events`;
      const send = (teamId: string) => {
        const responseUrl = fake.responseUrl();
        const body = slashCommandBody({ userId: 'U1', teamId }, '/whoswho', '', { responseUrl });
        return postToSlackApp(events, body, { secret: signingSecret }).then((answer) => ({
          answer,
          responseUrl,
        }));
      };
      const mapped = await send('TKINGFISHERS');
      await waitFor(
        () =>
          fake
            .postsTo(mapped.responseUrl)
            .find((p) => JSON.stringify(p.body).includes("Who's who")),
        'the answer',
        15_000,
      );
      const stranger = await send('TSTRANGER');
      expect(stranger.answer.json?.text).toBe(notSetUpText);
    } finally {
      await single.stop();
    }
  });
});
