import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi, onTestFinished } from 'vitest';
import { TemporarilyUnavailableError } from '../../src/errors.js';
import { startPrivateRedis, type PrivateRedis } from '../../src/redis/private-redis-server.js';
import { reportFigures } from './support/figures.js';
import { startSlackFront } from './support/slack-front.js';
import { consoleCommand, consoleUser, startStack } from './support/stack.js';
import { pause, until } from './support/until.js';
import { logLines } from './support/worker-log.js';
import { startWorkerProcess } from './support/worker-processes.js';

const dir = mkdtempSync(join(tmpdir(), 'club-bot-aof-'));
let redis: PrivateRedis | undefined;

type Phase = 'before' | 'down' | 'after';

interface Sent {
  /** Through Slack over HTTP, or straight to the dispatcher (as the Discord adapter calls it). */
  kind: 'command' | 'form' | 'dispatcher';
  phase: Phase;
  sentAt: number;
  responseUrl: string;
  title?: string;
  status: number;
  ackMs: number;
  /** How the adapter acknowledged it. */
  ack: 'queued' | 'unavailable' | 'slow' | 'other';
}

const unavailable = /temporarily unavailable/i;

describe('scenario 2: Redis restarts under load', () => {
  it('when Redis (with AOF) is down for 10 s, adapters say so within 3 s, work resumes by itself, and no acknowledged submission is lost', async () => {
    const started = Date.now();
    const strayErrors = vi.spyOn(console, 'error');
    onTestFinished(async () => {
      await redis?.stop();
      rmSync(dir, { recursive: true, force: true });
    });
    redis = await startPrivateRedis({ appendOnly: true, dir });
    const run = await startStack({
      name: 'restart',
      redisUrl: redis.url,
      // Filing takes 1.5 s, so some acknowledged submissions are mid-filing or waiting when Redis stops.
      simulator: { faults: { latencyMs: 1_500, paths: ['POST /api/IncidentBook'] } },
    });
    const front = await startSlackFront(run, 'restart');
    const worker = await startWorkerProcess(
      { ...run.env, TEST_LOCK_MS: '3000', TEST_STALLED_MS: '1000' },
      'restart-worker',
    );
    const reporters = run.names.slice(0, 20);
    const runId = randomUUID().slice(0, 6);

    let phase: Phase = 'before';
    const sent: Sent[] = [];
    const inFlight: Promise<void>[] = [];
    const commandTexts: [string, string][] = [
      ['/whoswho', ''],
      ['/sessions', ''],
      ['/member', reporters[0] ?? ''],
      ['/events', ''],
    ];
    let loading = true;
    const load = (async () => {
      for (let tick = 0; loading; tick += 1) {
        const at = phase;
        const sentAt = Date.now();
        const [slash, text] = commandTexts[tick % commandTexts.length]!;
        const begun = performance.now();
        inFlight.push(
          front.slash(slash, text).then(async ({ answer, responseUrl }) => {
            // The ack is empty; a refusal ("temporarily unavailable") follows within 3 s, or the
            // worker's answer comes whenever it can.
            const told =
              answer.status === 200 ? await front.firstPost(responseUrl, begun, 3_000) : undefined;
            sent.push({
              kind: 'command',
              phase: at,
              sentAt,
              responseUrl,
              status: answer.status,
              ackMs: told?.ms ?? answer.elapsedMs,
              ack:
                answer.status !== 200
                  ? 'other'
                  : told && unavailable.test(told.text)
                    ? 'unavailable'
                    : 'queued',
            });
          }),
        );
        if (tick % 2 === 0) {
          const direct = consoleCommand('/whoswho');
          const begun = performance.now();
          inFlight.push(
            run.dispatcher.command(direct.input, consoleUser, direct.replyTo).then(
              (result) => {
                sent.push({
                  kind: 'dispatcher',
                  phase: at,
                  sentAt,
                  responseUrl: direct.input.id,
                  status: 200,
                  ackMs: performance.now() - begun,
                  ack: result.kind === 'queued' ? 'queued' : 'other',
                });
              },
              (error: unknown) => {
                sent.push({
                  kind: 'dispatcher',
                  phase: at,
                  sentAt,
                  responseUrl: direct.input.id,
                  status: error instanceof TemporarilyUnavailableError ? 200 : 500,
                  ackMs: performance.now() - begun,
                  ack: error instanceof TemporarilyUnavailableError ? 'unavailable' : 'other',
                });
              },
            ),
          );
        }
        if (tick % 3 === 0) {
          const title = `Restart ${runId} ${tick}`;
          inFlight.push(
            front
              .submit('incident', {
                title,
                date: '2026-03-14',
                details: 'The lane rope came loose.',
                reporter: reporters[tick % reporters.length] ?? '',
              })
              .then(({ answer, responseUrl }) => {
                const errors = JSON.stringify(answer.json?.errors ?? '');
                sent.push({
                  kind: 'form',
                  phase: at,
                  sentAt,
                  responseUrl,
                  title,
                  status: answer.status,
                  ackMs: answer.elapsedMs,
                  ack:
                    answer.status === 200 && answer.text === ''
                      ? 'queued'
                      : unavailable.test(errors)
                        ? 'unavailable'
                        : /slow to answer/i.test(errors)
                          ? 'slow'
                          : 'other',
                });
              }),
          );
        }
        await pause(100);
      }
    })();

    await pause(4_000);
    phase = 'down';
    const downAt = Date.now();
    await redis.stop();
    const stoppedAt = Date.now();
    const filedAtStop = new Set(
      run.simulator.admin.records('incidents').map((record) => record.IncidentTitle),
    );
    await pause(10_000);
    const restartAt = Date.now();
    redis = await startPrivateRedis({ appendOnly: true, dir });
    const downMs = Date.now() - downAt;
    phase = 'after';
    await pause(6_000);
    loading = false;
    await load;
    await Promise.all(inFlight);

    const commands = sent.filter((entry) => entry.kind === 'command');
    const forms = sent.filter((entry) => entry.kind === 'form');
    const direct = sent.filter((entry) => entry.kind === 'dispatcher');
    const queuedCommands = commands.filter((entry) => entry.ack === 'queued');
    const queuedForms = forms.filter((entry) => entry.ack === 'queued');
    const queuedDirect = direct.filter((entry) => entry.ack === 'queued');
    let consoleAnswers = new Map<string, number>();
    const finalPosts = (entry: Sent) =>
      entry.kind === 'dispatcher'
        ? (consoleAnswers.get(entry.responseUrl) ?? 0)
        : front.postsTo(entry.responseUrl).length;
    await until(
      async () => {
        consoleAnswers = new Map();
        for (const reply of await run.replies())
          if (!reply.interim)
            consoleAnswers.set(
              reply.conversationId,
              (consoleAnswers.get(reply.conversationId) ?? 0) + 1,
            );
        return [...queuedCommands, ...queuedForms, ...queuedDirect].every(
          (entry) => finalPosts(entry) > 0,
        );
      },
      'an answer to every acknowledged command and submission',
      60_000,
      200,
    );
    await until(async () => (await run.pending()) === 0, 'an idle queue', 30_000, 200);

    const incidents = run.simulator.admin.records('incidents');
    const filed = (entry: Sent) =>
      incidents.filter((record) => record.IncidentTitle === entry.title).length;
    // Asked and acknowledged while Redis was certainly down.
    const during = sent.filter(
      (entry) => entry.sentAt >= stoppedAt && entry.sentAt + entry.ackMs <= restartAt,
    );
    const toldUnavailable = sent.filter((entry) => entry.ack === 'unavailable');
    const figures = {
      durationMs: Date.now() - started,
      redisDownMs: downMs,
      commands: {
        sent: commands.length,
        acknowledgedQueued: queuedCommands.length,
        toldUnavailable: commands.filter((entry) => entry.ack === 'unavailable').length,
        answeredOnce: queuedCommands.filter((entry) => finalPosts(entry) === 1).length,
        answeredTwiceOrMore: queuedCommands.filter((entry) => finalPosts(entry) > 1).length,
        answeredAfterRestart: queuedCommands.filter((entry) => entry.phase === 'after').length,
      },
      dispatcherDirect: {
        sent: direct.length,
        queued: queuedDirect.length,
        toldUnavailable: direct.filter((entry) => entry.ack === 'unavailable').length,
        answeredOnce: queuedDirect.filter((entry) => finalPosts(entry) === 1).length,
        slowestWhileDownMs: Math.round(
          Math.max(0, ...during.filter((e) => e.kind === 'dispatcher').map((e) => e.ackMs)),
        ),
      },
      submissions: {
        sent: forms.length,
        acknowledged: queuedForms.length,
        acknowledgedBeforeTheStop: queuedForms.filter((entry) => entry.phase === 'before').length,
        acknowledgedButNotYetFiledAtTheStop: queuedForms.filter(
          (entry) => entry.sentAt < stoppedAt && !filedAtStop.has(entry.title),
        ).length,
        filedOnce: queuedForms.filter((entry) => filed(entry) === 1).length,
        filedTwiceOrMore: queuedForms.filter((entry) => filed(entry) > 1).length,
        lost: queuedForms.filter((entry) => filed(entry) === 0).length,
        toldUnavailable: forms.filter((entry) => entry.ack === 'unavailable').length,
      },
      whileDown: {
        requests: during.length,
        slowestAckMs: Math.round(Math.max(0, ...during.map((entry) => entry.ackMs))),
        acks: Object.fromEntries(
          ['queued', 'unavailable', 'slow', 'other'].map((ack) => [
            ack,
            during.filter((entry) => entry.ack === ack).length,
          ]),
        ),
      },
      // Told "unavailable", but ioredis kept the enqueue and sent it once Redis was back.
      toldUnavailableButDoneLater: {
        commandsAnswered: toldUnavailable.filter(
          (entry) => entry.kind !== 'form' && finalPosts(entry) > 0,
        ).length,
        submissionsFiled: toldUnavailable.filter(
          (entry) => entry.kind === 'form' && filed(entry) > 0,
        ).length,
      },
      slowestAckMs: Math.round(Math.max(...sent.map((entry) => entry.ackMs))),
      workerStillRunning: worker.child.exitCode === null && worker.child.signalCode === null,
      // Output that went past the logger: stack traces on stderr.
      strayErrorOutput: {
        testProcess: strayErrors.mock.calls.length,
        worker: readFileSync(worker.logFile, 'utf8')
          .split('\n')
          .filter((line) => line.trim() !== '' && !line.startsWith('{') && line !== 'ready').length,
      },
      workerLogLines: logLines(worker.logFile).length,
    };
    strayErrors.mockRestore();
    reportFigures('2 redis restart', figures);

    expect(sent.every((entry) => entry.status === 200)).toBe(true);
    expect(figures.slowestAckMs).toBeLessThan(3_000);
    expect(figures.whileDown.requests).toBeGreaterThan(50);
    expect(during.every((entry) => entry.ack === 'unavailable')).toBe(true);
    expect(figures.workerStillRunning).toBe(true);
    expect(figures.commands.answeredAfterRestart).toBeGreaterThan(10);
    expect(figures.commands.answeredOnce).toBe(queuedCommands.length);
    expect(figures.dispatcherDirect.answeredOnce).toBe(queuedDirect.length);
    expect(figures.dispatcherDirect.slowestWhileDownMs).toBeLessThan(2_500);
    expect(figures.strayErrorOutput).toEqual({ testProcess: 0, worker: 0 });
    expect(figures.submissions.acknowledgedBeforeTheStop).toBeGreaterThan(5);
    expect(figures.submissions.acknowledgedButNotYetFiledAtTheStop).toBeGreaterThan(0);
    expect(figures.submissions.filedOnce).toBe(queuedForms.length);
  }, 120_000);
});
