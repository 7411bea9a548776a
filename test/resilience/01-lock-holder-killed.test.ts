import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSubscriptionStore } from '../../src/digests/subscription-store.js';
import { jobOptions, jobDataAt } from '../../src/jobs/club-queue.js';
import { reportFigures } from './support/figures.js';
import { consoleCommand, consoleUser, incidentSubmission, startStack } from './support/stack.js';
import { until } from './support/until.js';
import { logLines } from './support/worker-log.js';
import { startWorkerProcess } from './support/worker-processes.js';

/** BullMQ's job lock and stalled check, short, so a killed worker's jobs are taken over at once. */
const jobLock = { TEST_LOCK_MS: '1500', TEST_STALLED_MS: '500' };
/** The read cache's lease (its default) and the first retry's backoff, at most. */
const cacheLeaseMs = 5_000;
const firstRetryMs = 1_000;
/** How long a deliverer's claim on a reply lasts unrenewed (its default). */
const claimIdleMs = 15_000;

const failed = (text: string) => text.includes('Sorry, that did not work');

describe('scenario 1b: a worker killed while it holds a lock', () => {
  it('when the worker is killed while it loads the club’s lists for a burst of commands and forms, the restarted worker warms up, answers every command with its data and files every form once', async () => {
    // The report of issue #40: club calls at 2.5 s, 24 commands and 8 incident forms in flight.
    const run = await startStack({
      name: 'holder',
      simulator: { faults: { latencyMs: 2_500 } },
      config: { CLUB_API_TIMEOUT_MS: '10000' },
    });
    const env = { ...run.env, ...jobLock };
    const doomed = await startWorkerProcess(env, 'holder-worker-0');
    const names = run.names.slice(0, 12);
    const commands = [
      ...names.map((name) => ({ ...consoleCommand('/member', `details ${name}`), name })),
      ...names.map(() => ({ ...consoleCommand('/whoswho'), name: undefined })),
    ];
    const title = `Holder ${randomUUID().slice(0, 6)}`;
    const forms = Array.from({ length: 8 }, (_, index) =>
      incidentSubmission(`${title} ${index}`, run.names[index] ?? ''),
    );
    for (const command of commands) {
      const sent = await run.dispatcher.command(command.input, consoleUser, command.replyTo);
      expect(sent.kind).toBe('queued');
    }
    for (const form of forms) {
      expect((await run.dispatcher.submitForm(form.input, consoleUser, form.replyTo)).kind).toBe(
        'queued',
      );
    }
    // Killed mid-load: the lease on a cold list is held, and no entry stored.
    await until(
      async () => (await run.services.redis.keys(`${run.prefix}:cache-lock:*`)).length > 0,
      'the worker to take a cache lease',
      10_000,
      10,
    );
    await doomed.stop('SIGKILL');
    const killedAt = Date.now();
    const successor = await startWorkerProcess(
      { ...env, TEST_WARM_UP: '1' },
      'holder-worker-1',
      30_000,
    );
    const readyAt = Date.now();

    const answersTo = async (id: string) =>
      (await run.replies()).filter((reply) => reply.conversationId === id && !reply.interim);
    const everyone = [...commands, ...forms].map((sent) => sent.input.id);
    await until(
      async () => {
        const replies = await run.replies();
        return everyone.every((id) => replies.some((reply) => reply.conversationId === id));
      },
      'an answer to every command and form',
      60_000,
      100,
    );
    const answeredAfterReadyMs = Date.now() - readyAt;
    const commandAnswers = await Promise.all(commands.map((c) => answersTo(c.input.id)));
    const filed = forms.map(
      (form) =>
        run.simulator.admin
          .records('incidents')
          .filter((record) => record.IncidentTitle === form.input.values.title).length,
    );
    const formAnswers = await Promise.all(forms.map((form) => answersTo(form.input.id)));
    const givenUp = logLines(successor.logFile).filter(
      (line) => line.msg === 'job did not finish' && line.disposition === 'give-up',
    );
    reportFigures('1b cache lease held by a killed worker', {
      restartMs: readyAt - killedAt,
      answeredAfterReadyMs,
      warmUp: successor.notices.find((line) => line.startsWith('warm')),
      commandsWithData: commandAnswers.filter((a) => a.length === 1 && !failed(a[0]!.text)).length,
      formsFiledOnce: filed.filter((count) => count === 1).length,
      givenUp: givenUp.length,
    });
    expect(successor.notices).toContain('warmed');
    expect(givenUp).toEqual([]);
    commands.forEach((command, index) => {
      const answers = commandAnswers[index]!;
      expect(answers).toHaveLength(1);
      expect(failed(answers[0]!.text)).toBe(false);
      if (command.name) expect(answers[0]!.text).toContain(command.name);
    });
    expect(filed).toEqual(forms.map(() => 1));
    expect(formAnswers.map((answers) => answers.length)).toEqual(forms.map(() => 1));
    // The lease, one retry, and the loads the successor makes itself (each call takes 2.5 s).
    expect(answeredAfterReadyMs).toBeLessThan(cacheLeaseMs + firstRetryMs + 6 * 2_500);
  }, 120_000);

  it('when the worker is killed while it runs a digest, the restarted worker posts it once', async () => {
    const run = await startStack({
      name: 'digest-holder',
      simulator: { faults: { latencyMs: 1_500 } },
    });
    const posts: string[] = [];
    const consoleSink = run.sinks.console!;
    run.sinks.console = {
      async deliver(address, reply) {
        if (address.platform === 'post') posts.push(address.subscriptionId ?? '');
        else await consoleSink.deliver(address, reply);
      },
    };
    const env = { ...run.env, ...jobLock };
    const doomed = await startWorkerProcess(env, 'digest-holder-0');
    const occurrence = Date.now() - 1_000;
    const store = createSubscriptionStore(run.services.redis, run.prefix, run.services.sealer);
    const subscription = await store.add({
      kind: 'deadlines',
      schedule: { at: '08:00' },
      platform: 'console',
      channelId: 'pool',
      addedBy: consoleUser,
      addedAt: occurrence - 86_400_000,
    });
    // As its job scheduler would: one job for the occurrence, due now.
    await run.services.queue.queue.add(
      'digest',
      {
        sealed: run.services.sealer.sealJson(
          { subscriptionId: subscription.id },
          jobDataAt(run.services.queue.queue.qualifiedName, 'digest'),
        ),
      },
      { ...jobOptions.digest, prevMillis: occurrence },
    );
    await until(
      async () => (await run.services.redis.keys(`${run.prefix}:cache-lock:*`)).length > 0,
      'the digest to take a cache lease',
      10_000,
      10,
    );
    await doomed.stop('SIGKILL');
    const successor = await startWorkerProcess(env, 'digest-holder-1');
    const readyAt = Date.now();
    await until(() => posts.length > 0, 'the digest to be posted', 40_000, 50);
    const postedAfterReadyMs = Date.now() - readyAt;
    await until(async () => (await run.pending()) === 0, 'an idle queue', 20_000, 100);
    const [completed, failedJobs] = await Promise.all([
      run.services.queue.queue.getJobs(['completed']),
      run.services.queue.queue.getJobs(['failed']),
    ]);
    const outcome = logLines(successor.logFile).find((line) => line.msg === 'digest finished');
    reportFigures('1b digest run by a killed worker', {
      postedAfterReadyMs,
      posts: posts.length,
      outcome: outcome?.outcome,
    });
    expect(posts).toEqual([subscription.id]);
    expect(completed.filter((job) => job.name === 'digest')).toHaveLength(1);
    expect(failedJobs).toEqual([]);
    expect(postedAfterReadyMs).toBeLessThan(cacheLeaseMs + firstRetryMs + 6 * 1_500);
  }, 90_000);

  it('when the process delivering a reply is killed mid-post, another takes the reply over once its claim lapses', async () => {
    const run = await startStack({ name: 'deliver-holder', deliverer: false });
    const env = { ...run.env, ...jobLock };
    const doomed = await startWorkerProcess({ ...env, TEST_DELIVER: 'hang' }, 'deliver-holder-0');
    const command = consoleCommand('/whoswho');
    expect((await run.dispatcher.command(command.input, consoleUser, command.replyTo)).kind).toBe(
      'queued',
    );
    await until(
      () => doomed.notices.includes(`delivering ${command.input.id}`),
      'the reply to be on its way',
      20_000,
    );
    await doomed.stop('SIGKILL');
    const killedAt = Date.now();
    await startWorkerProcess({ ...env, TEST_DELIVER: 'post' }, 'deliver-holder-1');
    // The dead claim lapses 15 s after its last renewal, or once the successor is up if later.
    const lapsedBy = Math.max(killedAt + claimIdleMs, Date.now());
    const answers = async () =>
      (await run.replies()).filter((reply) => reply.conversationId === command.input.id);
    await until(async () => (await answers()).length > 0, 'the reply to be delivered', 40_000, 100);
    const deliveredAfterKillMs = Date.now() - killedAt;
    const deliveredAfterLapseMs = Date.now() - lapsedBy;
    reportFigures('1b reply held by a killed deliverer', {
      deliveredAfterKillMs,
      deliveredAfterLapseMs,
    });
    expect(await answers()).toHaveLength(1);
    expect(failed((await answers())[0]!.text)).toBe(false);
    // Within the claim (renewed every 5 s while posting) and the successor's next look (5 s).
    expect(deliveredAfterKillMs).toBeGreaterThan(claimIdleMs - claimIdleMs / 3);
    expect(deliveredAfterLapseMs).toBeLessThan(claimIdleMs / 3 + 2_000);
  }, 60_000);
});
