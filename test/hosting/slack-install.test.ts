import { Writable } from 'node:stream';
import { notSetUpText } from '../../src/platforms/slack/serve-club.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubPrefix, registryKeys } from '../../src/redis/club-keys.js';
import { createSlackClaims } from '../../src/hosting/slack-claims.js';
import { createLogger } from '../../src/log.js';
import type { HostedClub } from '../../src/hosting/club-directory.js';
import {
  startSlackAdapter,
  type RunningSlack,
  type SlackAdapterOptions,
} from '../../src/platforms/slack/app.js';
import { createRedisInstallationStore } from '../../src/platforms/slack/redis-installation-store.js';
import {
  postEventToSlackApp,
  postToSlackApp,
  slashCommandBody,
} from '../fakes/slack/slack-requests.js';
import { startFakeSlack, type FakeSlack } from '../fakes/slack/start-fake-slack.js';
import { testSealer } from '../support/data-key.js';
import { queueIdle } from '../support/queue-idle.js';
import { waitFor } from '../support/wait-for.js';
import { startHostingHarness, type HostingHarness } from './hosting-harness.js';

const signingSecret = 'hosted-signing-secret-31d0';
let fake: FakeSlack;
let host: HostingHarness;
let adapter: RunningSlack<HostedClub>;
let base: string;
let store: ReturnType<typeof createRedisInstallationStore>;
let claims: ReturnType<typeof createSlackClaims>;
/** How far the claims' clock is ahead of the wall clock (to see unclaimed installations expire). */
let clockAheadMs = 0;
/** The claims' log lines. */
const lines: string[] = [];

beforeAll(async () => {
  fake = await startFakeSlack();
  host = await startHostingHarness({
    clubs: [{ id: 'kingfishers' }, { id: 'grebes' }],
    // The adapter starts after the directory it looks clubs up in; replies wait for it.
    sinksFor: (club) => ({
      slack: { deliver: (to, reply) => adapter.sinkFor(club).deliver(to, reply) },
    }),
  });
  store = createRedisInstallationStore({
    redis: host.redis,
    key: registryKeys(host.root).slackInstallations,
    sealer: testSealer,
  });
  claims = createSlackClaims({
    redis: host.redis,
    registry: host.registry,
    sealer: testSealer,
    root: host.root,
    dropInstallation: (teamId) => store.deleteTeam(teamId),
    logger: createLogger(
      { level: 'info' },
      new Writable({ write: (chunk, _, done) => (lines.push(String(chunk)), done()) }),
    ),
    now: () => Date.now() + clockAheadMs,
  });
  adapter = await startHostedSlackAdapter({
    installFlow: {
      clientId: '1111.2222',
      clientSecret: 'client-secret-9e2a',
      stateSecret: 'state-secret-4b7c',
      installationStore: store,
      claims,
    },
  });
  base = `http://127.0.0.1:${adapter.port}`;
});
afterAll(async () => {
  await adapter.stop();
  await host.stop();
  await fake.close();
});

/** The one Slack adapter as a hosting deployment starts it, over HTTP, clubs from the directory. */
const startHostedSlackAdapter = (
  options: Pick<SlackAdapterOptions<HostedClub>, 'installFlow' | 'botToken'>,
) =>
  startSlackAdapter<HostedClub>({
    signingSecret,
    slackApiUrl: fake.apiUrl,
    port: 0,
    host: '127.0.0.1',
    logger: createLogger({ level: 'silent' }),
    clubFor: (teamId) => host.directory.bySlackTeam(teamId),
    dispatcherOf: host.dispatcherOf,
    ...options,
  });

/** Slack's install flow as a browser goes through it: the page it ends on, and the cookie set. */
async function install(teamId: string, options: { rotation?: boolean } = {}) {
  const landing = await fetch(`${base}/slack/install`);
  const cookie = landing.headers.get('set-cookie')?.split(';')[0] ?? '';
  const state = /state=([^"&]+)/.exec(await landing.text())?.[1] ?? '';
  const code = fake.installCode(teamId, `Workspace ${teamId}`, options.rotation);
  const redirect = await fetch(`${base}/slack/oauth_redirect?code=${code}&state=${state}`, {
    headers: { cookie },
  });
  const ticketCookie =
    redirect.headers.getSetCookie().find((set) => set.startsWith('club-bot-claim=')) ?? '';
  return { status: redirect.status, page: await redirect.text(), cookie: ticketCookie };
}

/** The claim form sent from the install's page, in the browser that installed (or as told). */
async function claim(
  installed: { cookie: string },
  code: string,
  options: { origin?: string; cookie?: string } = {},
) {
  const response = await fetch(`${base}/slack/claim`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      origin: options.origin ?? base,
      cookie: options.cookie ?? installed.cookie.split(';')[0] ?? '',
    },
    body: new URLSearchParams({ code }).toString(),
  });
  return { status: response.status, page: await response.text() };
}

/** An Events API request from Slack, signed, from `teamId`. */
const sendEvent = (teamId: string, event: Record<string, unknown>) =>
  postEventToSlackApp(`${base}/slack/events`, event, { secret: signingSecret, teamId });

const auditOf = async (clubId: string) =>
  (await host.redis.xrange(`${clubPrefix(clubId, host.root)}:audit`, '-', '+')).map(
    ([, fields]) => JSON.parse(fields[1] ?? '{}') as { askedBy: string; command: string },
  );

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
    const installed = await install('TNEWKING');
    expect(installed.page).toContain('type the one-time code');
    expect(installed.page).not.toContain('ticket');
    expect(installed.cookie).toMatch(
      /^club-bot-claim=[\w-]+; Path=\/slack\/claim; Max-Age=3600; HttpOnly; Secure; SameSite=Strict$/,
    );
    const code = await host.registry.invites.create('kingfishers');
    const done = await claim(installed, code);
    expect(done.status).toBe(200);
    expect(done.page).toContain(
      'The Slack workspace “Workspace TNEWKING” now answers for Club kingfishers',
    );
    // Logged and audited with the team and the club, never the code.
    expect(lines.join('')).toContain(
      '"team":"TNEWKING","club":"kingfishers","outcome":"connected"',
    );
    expect(lines.join('')).not.toContain(code);
    expect(await auditOf('kingfishers')).toContainEqual(
      expect.objectContaining({
        askedBy: 'slack-team:TNEWKING',
        command: 'slack claim: workspace connected',
      }),
    );
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
    expect(lines.join('')).toContain('"team":"TGREBE","outcome":"wrong code"');
    expect(wrong.status).toBe(400);
    expect(wrong.page).toContain('That code is not valid');
    expect(await host.registry.clubOfSlackTeam('TGREBE')).toBeUndefined();
    const code = await host.registry.invites.create('grebes');
    expect((await claim(page, code)).status).toBe(200);
    const again = await install('TOTHER');
    expect((await claim(again, code)).page).toContain('That code is not valid');
  });
});

describe('the install flow under concurrency and abuse', () => {
  it('when two workspaces claim the same club at the same moment, both are connected, in three rounds of three', async () => {
    for (let round = 0; round < 3; round += 1) {
      const teams = [0, 1, 2].map((index) => `TRACE${round}${index}`);
      const pages = await Promise.all(teams.map((team) => install(team)));
      const codes = await Promise.all(teams.map(() => host.registry.invites.create('grebes')));
      const done = await Promise.all(pages.map((page, index) => claim(page, codes[index]!)));
      expect(done.map((answer) => answer.status)).toEqual([200, 200, 200]);
      const club = await host.registry.get('grebes');
      for (const team of teams) {
        expect(club?.slackTeams).toContain(team);
        expect(await host.registry.clubOfSlackTeam(team)).toBe('grebes');
      }
    }
  });

  it('when the claim comes from another origin, or without the installing browser’s cookie, nothing is connected and the code still works', async () => {
    const installed = await install('TVICTIM');
    const code = await host.registry.invites.create('kingfishers');
    const foreign = await claim(installed, code, { origin: 'https://attacker.example' });
    expect(foreign.status).toBe(403);
    const noOrigin = await fetch(`${base}/slack/claim`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        cookie: installed.cookie.split(';')[0] ?? '',
      },
      body: new URLSearchParams({ code }).toString(),
    });
    expect(noOrigin.status).toBe(403);
    const cookieless = await claim(installed, code, { cookie: '' });
    expect(cookieless.status).toBe(400);
    expect(cookieless.page).toContain('This page has expired');
    expect(await host.registry.clubOfSlackTeam('TVICTIM')).toBeUndefined();
    expect((await claim(installed, code)).status).toBe(200);
  });

  it('when five codes have been tried, the page says to add the app again, as the docs say', async () => {
    const installed = await install('TGUESS');
    for (let tries = 0; tries < 5; tries += 1) await claim(installed, 'WRNG-WRNG-WRNG');
    const sixth = await claim(installed, await host.registry.invites.create('grebes'));
    expect(sixth.page).toContain(
      '5 codes have been tried on this page: add the app to Slack again',
    );
    expect(await host.registry.clubOfSlackTeam('TGUESS')).toBeUndefined();
  });

  it('when the ticket in Redis is rewritten to name another workspace, that workspace is not connected and the page has expired', async () => {
    const installed = await install('TOWNTEAM');
    const ticket = /club-bot-claim=([^;]+)/.exec(installed.cookie)?.[1] ?? '';
    const key = registryKeys(host.root).slackClaim(ticket);
    expect(await host.redis.get(key)).toMatch(/^s2\./);
    await host.redis.set(key, JSON.stringify({ teamId: 'TVICTIM2' }), 'EX', 3600);
    const code = await host.registry.invites.create('kingfishers');
    const rewritten = await claim(installed, code);
    expect(rewritten.page).toContain('This page has expired');
    expect(await host.registry.clubOfSlackTeam('TVICTIM2')).toBeUndefined();
    expect(await host.registry.clubOfSlackTeam('TOWNTEAM')).toBeUndefined();
  });

  it('when a connected workspace uninstalls the app, its token and its club go, and installing again needs a code', async () => {
    const installed = await install('TLEAVER');
    await claim(installed, await host.registry.invites.create('kingfishers'));
    expect(await store.teamToken('TLEAVER')).toBeDefined();
    expect(await sendEvent('TLEAVER', { type: 'app_uninstalled' })).toBe(200);
    await waitFor(async () => (await store.teamToken('TLEAVER')) === undefined, 'the token gone');
    await waitFor(
      async () => (await host.registry.clubOfSlackTeam('TLEAVER')) === undefined,
      'the mapping gone',
    );
    expect((await host.registry.get('kingfishers'))?.slackTeams).not.toContain('TLEAVER');
    expect(await auditOf('kingfishers')).toContainEqual(
      expect.objectContaining({
        askedBy: 'slack-team:TLEAVER',
        command: 'slack uninstalled: workspace disconnected',
      }),
    );
    const again = await install('TLEAVER');
    expect(again.page).toContain('type the one-time code');
    expect((await claim(again, 'NONE-NONE-NONE')).status).toBe(400);
    expect(await host.registry.clubOfSlackTeam('TLEAVER')).toBeUndefined();
  });

  it('when the bot’s token is revoked, the installation goes', async () => {
    await install('TREVOKE');
    expect(await store.teamToken('TREVOKE')).toBeDefined();
    await sendEvent('TREVOKE', { type: 'tokens_revoked', tokens: { oauth: [], bot: ['UBOT'] } });
    await waitFor(async () => (await store.teamToken('TREVOKE')) === undefined, 'the token gone');
  });

  it('when a workspace is installed and never claimed, its installation is dropped once the hour is up', async () => {
    await install('TIDLE');
    expect(await store.teamToken('TIDLE')).toBeDefined();
    await claims.sweep();
    expect(await store.teamToken('TIDLE')).toBeDefined();
    clockAheadMs = 3_600_001;
    try {
      await claims.sweep();
    } finally {
      clockAheadMs = 0;
    }
    expect(await store.teamToken('TIDLE')).toBeUndefined();
    // A claimed workspace's installation stays, however old.
    expect(await store.teamToken('TNEWKING')).toBeDefined();
  });

  it('when the app has token rotation on, the install is refused with what to do, and no token is kept', async () => {
    const installed = await install('TROTATE', { rotation: true });
    expect(installed.status).toBe(400);
    expect(installed.page).toContain('token rotation turned on');
    expect(installed.cookie).toBe('');
    expect(await store.teamToken('TROTATE')).toBeUndefined();
  });
});

describe('one Slack workspace by its bot token, in a hosting deployment', () => {
  it('when the workspace is a club’s, it answers for that club; any other is told it is not set up', async () => {
    const single = await startHostedSlackAdapter({ botToken: 'xoxb-one-workspace' });
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
  it('when the same signed command comes twice, the club’s replay guard takes it once, under the club’s keys', async () => {
    const single = await startHostedSlackAdapter({ botToken: 'xoxb-one-workspace' });
    try {
      const grebes = host.directory.bySlackTeam('TGREBES');
      if (!grebes) throw new Error('no club for TGREBES');
      const { queue } = grebes.queue;
      const jobs = async () =>
        Object.values(await queue.getJobCounts()).reduce((sum, count) => sum + count, 0);
      const seen = () => host.redis.keys(`${grebes.prefix}:slack:seen:*`);
      const [seenBefore, jobsBefore] = [(await seen()).length, await jobs()];
      const responseUrl = fake.responseUrl();
      const body = slashCommandBody({ userId: 'U2', teamId: 'TGREBES' }, '/whoswho', '', {
        responseUrl,
      });
      const signing = { secret: signingSecret, timestamp: Math.floor(Date.now() / 1000) };
      const events = `http://127.0.0.1:${single.port}/slack/events`;
      const answers = [
        await postToSlackApp(events, body, signing),
        await postToSlackApp(events, body, signing),
      ];
      expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
      await waitFor(() => fake.postsTo(responseUrl)[0], 'the answer', 15_000);
      await waitFor(() => queueIdle(queue), 'the club’s queue idle');
      expect(await seen()).toHaveLength(seenBefore + 1);
      expect(await jobs()).toBe(jobsBefore + 1);
    } finally {
      await single.stop();
    }
  });
});
