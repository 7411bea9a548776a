import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatUser } from '../../src/core/chat-user.js';
import { replyToPlainText, type Reply } from '../../src/core/reply.js';
import type { ReplyAddress } from '../../src/delivery/reply-address.js';
import {
  formJobId,
  jobOptions,
  type FormSubmission,
  jobDataAt,
} from '../../src/jobs/club-queue.js';
import { runJobsCommand, type ClubJobs } from '../../src/jobs/jobs-command.js';
import { clubWorkerOptions } from '../../src/hosting/club-worker-options.js';
import { createJobProcessor, type AnyJob } from '../../src/jobs/create-worker.js';
import { createLogger } from '../../src/log.js';
import { harnessTimezone, startBotHarness, type BotHarness } from '../support/bot-harness.js';
import { waitFor } from '../support/wait-for.js';

const delivered: { address: ReplyAddress; reply: Reply }[] = [];
let harness: BotHarness;
let reporter: ChatUser;

beforeAll(async () => {
  harness = await startBotHarness({
    sinks: {
      console: { deliver: async (address, reply) => void delivered.push({ address, reply }) },
    },
  });
  // A member whose email is theirs alone, so the reporter is linked and files under themselves.
  const users = harness.simulator.admin.records('users');
  const own = users.find(
    (user) => user.Active !== 0 && users.filter((other) => other.Email === user.Email).length === 1,
  );
  reporter = { platform: 'console', userId: 'reporter', email: String(own?.Email) };
});
afterAll(() => harness.stop());

const repliesTo = (conversation: string) =>
  delivered
    .filter(
      ({ address }) => address.platform === 'console' && address.conversationId === conversation,
    )
    .map(({ reply }) => replyToPlainText(reply));

/** Runs `npm run jobs -- …` in-process on the harness's queue; resolves its exit code and lines. */
async function jobs(...args: string[]): Promise<{ code: number; out: string }> {
  const lines: string[] = [];
  const queues: ClubJobs[] = [{ queue: harness.services.queue.queue, ring: harness.ringJobs }];
  const code = await runJobsCommand(args, { queues, print: (line) => lines.push(line) });
  return { code, out: lines.join('\n') };
}

/**
 * A form job as the dispatcher enqueues it, but given up on after two quick attempts rather than
 * sixteen over minutes, while the club service answers 500 to every incident filed.
 */
async function failedIncident(title: string): Promise<{ id: string; conversation: string }> {
  const key = randomUUID();
  const submission: FormSubmission = {
    id: randomUUID(),
    key,
    form: 'incident',
    values: { title, date: '2026-11-20', details: 'Slipped by the steps.', proposedAction: '' },
    user: reporter,
    replyTo: { platform: 'console', conversationId: key },
    receivedAt: Date.now(),
  };
  const { queue } = harness.services.queue;
  const id = formJobId(key);
  await queue.add(
    'form',
    {
      sealed: harness.services.sealer.sealJson(
        { submission },
        jobDataAt(queue.qualifiedName, 'form'),
      ),
    },
    { ...jobOptions.form, jobId: id, attempts: 2, backoff: { type: 'fixed', delay: 10 } },
  );
  await harness.ringJobs();
  await waitFor(async () => (await queue.getJobState(id)) === 'failed', 'the form to fail');
  return { id, conversation: key };
}

const filedWithTitle = (title: string) =>
  harness.simulator.admin.records('incidents').filter((record) => record.IncidentTitle === title);

describe('npm run jobs: failed jobs for an admin with a shell', () => {
  it('a form given up on is listed without its content, retried once the service is back, and filed exactly once', async () => {
    harness.simulator.admin.setFaults({
      errorRate: 1,
      paths: ['POST /api/IncidentBook', 'POST /IncidentBook'],
    });
    const title = `Wet floor ${randomUUID().slice(0, 6)}`;
    const { id, conversation } = await failedIncident(title);
    await waitFor(() => repliesTo(conversation).length === 1, 'the person to be told');
    expect(repliesTo(conversation)[0]).toMatch(/not answering/);

    const listed = await jobs('failed');
    expect(listed.code).toBe(0);
    const line = listed.out.split('\n').find((candidate) => candidate.startsWith(id));
    expect(line).toMatch(
      /^form-\w+\tform\t\d{4}-\d\d-\d\d \d\d:\d\d UTC\t2 of 2 attempts\tClubServiceFaultError: the club service answered 500 \(/,
    );
    // The service's own words (which may echo a record) stay out of what the job keeps.
    expect(listed.out).not.toContain('Internal server error');
    const kept = await harness.services.queue.queue.getJob(id);
    expect(JSON.stringify([kept?.failedReason, kept?.stacktrace])).not.toContain('Internal');
    expect(kept?.stacktrace ?? []).toEqual([]);
    expect(listed.out).not.toContain(title);
    expect(listed.out).not.toContain('Slipped');
    expect(listed.out).not.toContain(String(reporter.email));

    harness.simulator.admin.setFaults({ errorRate: 0 });
    const retried = await jobs('retry', id);
    expect(retried).toEqual({ code: 0, out: `Job ${id} is queued again with its full retries.` });
    await waitFor(
      async () => (await harness.services.queue.queue.getJobState(id)) === 'completed',
      'the retried form to be filed',
    );
    expect(filedWithTitle(title)).toHaveLength(1);
    // The person who was told it failed is told it is now filed.
    await waitFor(() => repliesTo(conversation).length === 2, 'the confirmation');
    expect(repliesTo(conversation)[1]).not.toMatch(/not answering/);

    const again = await jobs('retry', id);
    expect(again.code).toBe(1);
    expect(again.out).toBe(
      `jobs: job ${id} is completed, not failed: only a failed job can be retried or removed.`,
    );
    expect(filedWithTitle(title)).toHaveLength(1);
  });

  it('a form retried from the job board (which keeps the attempt count) that fails again tells the person again', async () => {
    harness.simulator.admin.setFaults({
      errorRate: 1,
      paths: ['POST /api/IncidentBook', 'POST /IncidentBook'],
    });
    const title = `Broken lane rope ${randomUUID().slice(0, 6)}`;
    const { id, conversation } = await failedIncident(title);
    await waitFor(() => repliesTo(conversation).length === 1, 'the first failure notice');

    const { queue } = harness.services.queue;
    await (await queue.getJob(id))?.retry('failed'); // as Bull Board's retry button does
    // Bull Board rings no doorbell: the pool finds the job at its next sweep (15 s), or at once
    // when, as here, the doorbell is rung.
    await harness.ringJobs();
    await waitFor(async () => (await queue.getJobState(id)) === 'failed', 'the form to fail again');
    await waitFor(() => repliesTo(conversation).length === 2, 'the second failure notice');
    expect(repliesTo(conversation)).toEqual([
      expect.stringMatching(/not answering/),
      expect.stringMatching(/not answering/),
    ]);
    expect(filedWithTitle(title)).toHaveLength(0);
    harness.simulator.admin.setFaults({ errorRate: 0 });
  });

  it('a crash replay of the same give-up (its attempt count unchanged) does not tell the person twice', async () => {
    harness.simulator.admin.setFaults({
      errorRate: 1,
      paths: ['POST /api/IncidentBook', 'POST /IncidentBook'],
    });
    const { id, conversation } = await failedIncident(`Cold pool ${randomUUID().slice(0, 6)}`);
    await waitFor(() => repliesTo(conversation).length === 1, 'the failure notice');
    const failed = (await harness.services.queue.queue.getJob(id))!;
    // As the job was while it gave up: BullMQ counts the attempt only once the job is moved on.
    const replay = Object.assign(Object.create(Object.getPrototypeOf(failed) as object), failed, {
      attemptsMade: failed.attemptsMade - 1,
    }) as AnyJob;
    const lines: string[] = [];
    const logger = createLogger(
      {},
      new Writable({ write: (chunk, _, done) => (lines.push(String(chunk)), done()) }),
    );
    const processor = createJobProcessor(
      clubWorkerOptions({ services: harness.services, logger, timezone: harnessTimezone }),
    );

    await expect(processor(replay)).rejects.toThrow(/ClubServiceFaultError/);
    expect(lines.join('')).toContain('already answered; not answering twice');
    harness.simulator.admin.setFaults({ errorRate: 0 });
  });

  it('remove deletes a failed job, which is then neither listed nor filed', async () => {
    harness.simulator.admin.setFaults({
      errorRate: 1,
      paths: ['POST /api/IncidentBook', 'POST /IncidentBook'],
    });
    const title = `Lost goggles ${randomUUID().slice(0, 6)}`;
    const { id } = await failedIncident(title);
    harness.simulator.admin.setFaults({ errorRate: 0 });

    expect(await jobs('remove', id)).toEqual({ code: 0, out: `Removed the failed job ${id}.` });
    expect(await harness.services.queue.queue.getJob(id)).toBeUndefined();
    expect((await jobs('failed')).out).not.toContain(id);
    expect((await jobs('retry', id)).out).toMatch(new RegExp(`^jobs: there is no job "${id}"`));
    expect(filedWithTitle(title)).toHaveLength(0);
  });

  it('an unknown id, a missing id or an unknown command is told plainly, with the usage for a slip', async () => {
    expect(await jobs('retry', 'form-nosuchjob')).toMatchObject({
      code: 1,
      out: expect.stringMatching(
        /^jobs: there is no job "form-nosuchjob": it may have been removed/,
      ),
    });
    // How long failed jobs are kept is read from the queue's own options.
    expect((await jobs('retry', 'form-nosuchjob')).out).toContain(
      'failed forms are kept 7 days, digests 7 days, commands 1 day',
    );
    const missing = await jobs('remove');
    expect(missing.code).toBe(2);
    expect(missing.out).toMatch(
      /^jobs: remove takes one job id \(from `failed`\)\.\nUsage: club-bot jobs/,
    );
    expect((await jobs('purge')).code).toBe(2);
    expect(await jobs()).toMatchObject({ code: 0, out: expect.stringMatching(/^Usage:/) });
    expect((await jobs('failed', '--club', 'otters')).out).toMatch(
      /--club is for a deployment hosting clubs/,
    );
  });
});

describe('npm run jobs in a deployment hosting clubs', () => {
  it('lists every club’s failed jobs under the club’s id; --club keeps to one club, and an id two clubs hold needs it', async () => {
    harness.simulator.admin.setFaults({
      errorRate: 1,
      paths: ['POST /api/IncidentBook', 'POST /IncidentBook'],
    });
    const { id } = await failedIncident(`Cramp ${randomUUID().slice(0, 6)}`);
    harness.simulator.admin.setFaults({ errorRate: 0 });
    // Two clubs' queues, here one queue under two ids, so the same job id is in both.
    const { queue } = harness.services.queue;
    const clubs: ClubJobs[] = [
      { club: 'otters', queue },
      { club: 'seals', queue },
    ];
    const lines: string[] = [];
    const run = async (...args: string[]) => {
      lines.length = 0;
      return runJobsCommand(args, { queues: clubs, print: (line) => lines.push(line) });
    };
    expect(await run('failed', '--club', 'otters')).toBe(0);
    expect(lines.filter((line) => line.startsWith(`otters\t${id}\tform\t`))).toHaveLength(1);
    expect(lines.some((line) => line.startsWith('seals'))).toBe(false);

    expect(await run('failed')).toBe(0);
    expect(lines.filter((line) => line.includes(id)).map((line) => line.split('\t')[0])).toEqual([
      'otters',
      'seals',
    ]);
    expect(await run('remove', id)).toBe(1);
    expect(lines).toEqual([`jobs: clubs otters, seals each have a job "${id}": add --club <id>.`]);
    expect(await run('failed', '--club', 'pike')).toBe(1);
    expect(lines).toEqual(['jobs: there is no club "pike" (club-bot club list)']);

    expect(await run('remove', id, '--club', 'seals')).toBe(0);
    expect(lines).toEqual([`Removed the failed job ${id} of the club "seals".`]);
  });
});
