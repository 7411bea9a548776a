import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatUser } from '../../src/core/chat-user.js';
import type { SlackReplyAddress } from '../../src/delivery/reply-address.js';
import { createLogger } from '../../src/log.js';
import { createSlackReplySink } from '../../src/platforms/slack/reply-sink.js';
import { startFakeSlack, type FakeSlack } from '../fakes/slack/start-fake-slack.js';
import { waitFor } from '../support/wait-for.js';
import { startOpsFixture, type OpsFixture } from './ops-fixture.js';

/** One sample of the Prometheus text format. */
interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

function samplesOf(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!match) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries(
        [...(match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((label) => [
          label[1],
          label[2],
        ]),
      );
      return { name: match[1] ?? '', labels, value: Number(match[3]) };
    });
}

/** The samples of `name` whose labels include `labels`. */
function find(samples: Sample[], name: string, labels: Record<string, string> = {}): Sample[] {
  return samples.filter(
    (sample) =>
      sample.name === name &&
      Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
  );
}

const value = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  find(samples, name, labels).reduce((sum, sample) => sum + sample.value, 0);

let fake: FakeSlack;
let ops: OpsFixture;
const user: ChatUser = { platform: 'slack', userId: 'UMETRICS', teamId: 'T1' };

function replyTo(responseUrl?: string): SlackReplyAddress {
  return {
    platform: 'slack',
    userId: user.userId,
    channelId: 'CMETRICS',
    teamId: 'T1',
    ...(responseUrl ? { responseUrl } : {}),
    issuedAt: Date.now(),
  };
}

async function scrape(): Promise<Sample[]> {
  const { status, text } = await ops.get('/metrics');
  expect(status).toBe(200);
  return samplesOf(text);
}

/** Waits until `count` jobs of `name` have finished (as the commands counter says). */
const finished = (job: string, count: number) =>
  waitFor(
    async () => value(await scrape(), 'clubbot_commands_total', { job }) >= count,
    `${count} finished ${job} job(s)`,
    30_000,
  );

beforeAll(async () => {
  fake = await startFakeSlack();
  ops = await startOpsFixture({
    sinks: (metrics, services) => ({
      slack: createSlackReplySink({
        botToken: 'xoxb-metrics',
        slackApiUrl: fake.apiUrl,
        redis: services.redis,
        prefix: services.prefix,
        sealer: services.sealer,
        logger: createLogger({ level: 'silent' }),
        onApiError: (code) => metrics.platformError('slack', code),
      }),
    }),
  });
  const command = (slash: string, text = '', responseUrl = fake.responseUrl()) =>
    ops.dispatcher.command({ id: randomUUID(), slash, text }, user, replyTo(responseUrl));

  // A cold /whoswho (a miss, club calls), then a warm one (a fresh hit), /sessions, and /help,
  // which the adapter answers itself.
  expect((await command('/whoswho')).kind).toBe('queued');
  await finished('command', 1);
  expect((await command('/whoswho', 'welfare')).kind).toBe('queued');
  expect((await command('/sessions')).kind).toBe('queued');
  expect((await command('/help')).kind).toBe('reply');
  await finished('command', 3);

  // A reply with no response_url goes through chat.postEphemeral, which Slack rate-limits once:
  // a platform error, then the deliverer's retry delivers it.
  fake.failNext('chat.postEphemeral', { status: 429, retryAfterSeconds: 1 });
  await ops.dispatcher.command(
    { id: randomUUID(), slash: '/sessions', text: 'tue' },
    user,
    replyTo(undefined),
  );
  await waitFor(
    async () =>
      value(await scrape(), 'clubbot_replies_total', { platform: 'slack', outcome: 'retrying' }) >=
        1 && value(await scrape(), 'clubbot_replies_total', { outcome: 'delivered' }) >= 4,
    'the rate-limited reply delivered',
    30_000,
  );
}, 90_000);

afterAll(async () => {
  await ops?.stop();
  await fake?.close();
});

describe('GET /metrics after a few commands', () => {
  it('counts commands by name and outcome, and replies by platform and fate', async () => {
    const samples = await scrape();
    expect(
      value(samples, 'clubbot_commands_total', {
        job: 'command',
        name: 'whoswho',
        outcome: 'answered',
      }),
    ).toBe(2);
    expect(value(samples, 'clubbot_commands_total', { job: 'command', name: 'sessions' })).toBe(2);
    expect(
      value(samples, 'clubbot_replies_total', { platform: 'slack', outcome: 'retrying' }),
    ).toBe(1);
    expect(
      value(samples, 'clubbot_replies_total', { platform: 'slack', outcome: 'delivered' }),
    ).toBe(4);
    expect(value(samples, 'clubbot_delivered_seconds_count', { platform: 'slack' })).toBe(4);
  });

  it('has acknowledgement and answer latency histograms', async () => {
    const samples = await scrape();
    expect(value(samples, 'clubbot_ack_seconds_count', { platform: 'slack', kind: 'queued' })).toBe(
      4,
    );
    expect(value(samples, 'clubbot_ack_seconds_count', { platform: 'slack', kind: 'reply' })).toBe(
      1,
    );
    expect(find(samples, 'clubbot_ack_seconds_bucket', { le: '+Inf' }).length).toBeGreaterThan(0);
    expect(
      value(samples, 'clubbot_answer_seconds_count', { job: 'command', name: 'whoswho' }),
    ).toBe(2);
    expect(value(samples, 'clubbot_answer_seconds_sum')).toBeGreaterThan(0);
  });

  it('has the queue depth by state, the age of the oldest waiting job, and the replies not yet posted', async () => {
    const samples = await scrape();
    const states = find(samples, 'clubbot_queue_jobs').map((sample) => sample.labels.state);
    expect(states).toEqual(
      expect.arrayContaining(['waiting', 'active', 'delayed', 'failed', 'prioritized']),
    );
    expect(find(samples, 'clubbot_queue_oldest_waiting_seconds')).toHaveLength(1);
    // Every reply was posted before the tests began.
    expect(value(samples, 'clubbot_outbox_replies')).toBe(0);
  });

  it('has the budget used and remaining overall, and what each priority may still use', async () => {
    const samples = await scrape();
    const budget = (labels: Record<string, string>) =>
      value(samples, 'clubbot_budget_calls', labels);
    expect(budget({ kind: 'limit', priority: 'all' })).toBe(5000);
    expect(budget({ kind: 'used', priority: 'all' })).toBeGreaterThan(0);
    expect(
      budget({ kind: 'used', priority: 'all' }) + budget({ kind: 'remaining', priority: 'all' }),
    ).toBe(5000);
    for (const priority of ['interactive', 'background', 'write']) {
      expect(find(samples, 'clubbot_budget_calls', { kind: 'available', priority })).toHaveLength(
        1,
      );
    }
  });

  it('has cache reads by outcome (a miss, then fresh hits) and the age of what is cached', async () => {
    const samples = await scrape();
    expect(value(samples, 'clubbot_cache_reads_total', { outcome: 'miss' })).toBeGreaterThan(0);
    expect(value(samples, 'clubbot_cache_reads_total', { outcome: 'fresh' })).toBeGreaterThan(0);
    const ages = find(samples, 'clubbot_cache_age_seconds');
    expect(ages.length).toBeGreaterThan(0);
    expect(ages.every((age) => age.value >= 0 && age.value < 60)).toBe(true);
  });

  it('counts club calls by method, path template and status', async () => {
    const samples = await scrape();
    const calls = find(samples, 'clubbot_club_calls_total', { method: 'GET', status: '200' });
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((call) => call.labels.path?.startsWith('/api/'))).toBe(true);
    // Templates, not ids: the label set stays small.
    expect(calls.some((call) => /[0-9a-f]{8}-[0-9a-f]{4}/.test(call.labels.path ?? ''))).toBe(
      false,
    );
  });

  it('counts platform API errors by platform and code', async () => {
    const samples = await scrape();
    expect(
      value(samples, 'clubbot_platform_api_errors_total', {
        platform: 'slack',
        code: 'rate_limited',
      }),
    ).toBe(1);
  });

  it('has the default Node metrics under their standard names, so stock dashboards work; only the bot’s own carry clubbot_', async () => {
    const samples = await scrape();
    expect(find(samples, 'process_cpu_user_seconds_total')).toHaveLength(1);
    expect(find(samples, 'nodejs_eventloop_lag_seconds')).toHaveLength(1);
    expect(find(samples, 'clubbot_process_cpu_user_seconds_total')).toHaveLength(0);
    const names = new Set(samples.map((sample) => sample.name));
    const own = [...names].filter((name) => !/^(process|nodejs)_/.test(name));
    expect(own.length).toBeGreaterThan(10);
    expect(own.filter((name) => !name.startsWith('clubbot_'))).toEqual([]);
  });
});
