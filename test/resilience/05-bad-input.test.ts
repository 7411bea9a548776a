import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { formInvalidReply } from '../../src/core/form-replies.js';
import { replyToPlainText, type Reply } from '../../src/core/reply.js';
import { parseCommandText } from '../../src/commands/parse-command.js';
import { registry } from '../../src/commands/registry.js';
import type { SubmitResult } from '../../src/dispatch/create-dispatcher.js';
import { slashCommandNames } from '../../src/platforms/slack/slash-command-listener.js';
import { createLogger, type Logger } from '../../src/log.js';
import { createBadInput } from './support/bad-input.js';
import { reportFigures } from './support/figures.js';
import { logDir } from './support/log-capture.js';
import { pingsIn, slackMrkdwnTexts } from './support/no-pings.js';
import { startSlackFront } from './support/slack-front.js';
import { consoleUser, startStack } from './support/stack.js';
import { filedCollections, specProblems } from './support/spec-rules.js';
import { until } from './support/until.js';

const total = 10_000;
const generic = /Something went wrong on the bot's side/;

/** Runs `work` on every item with at most `width` at once. */
async function pool<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

describe('scenario 5: bad input', () => {
  it('when 10,000 generated commands and forms arrive, each gets a clear answer, nothing crashes, nothing invalid is filed and nothing pings', async () => {
    const started = Date.now();
    const run = await startStack({
      name: 'input',
      simulator: { dailyLimit: 100_000 },
      config: { CLUB_DAILY_LIMIT: '100000' },
    });
    const front = await startSlackFront(run, 'input');
    const answers = new Map<string, Reply[]>();
    let workerFailures = 0;
    // The pool logs each failed attempt of a job ('job failed', as BullMQ's 'failed' event says).
    const logger = countingLogger('input-worker', () => (workerFailures += 1));
    let unhandled = 0;
    const onUnhandled = () => (unhandled += 1);
    process.on('unhandledRejection', onUnhandled);
    // Sixteen at once, as the worker this scenario has always run: the club is the only one.
    run.startPool({ logger, concurrency: 16, perClubConcurrency: 16 });
    // Console answers are kept here to read whole; Slack's go through the front's fake Slack.
    run.sinks.console = {
      async deliver(address, reply) {
        if (address.platform !== 'console') return;
        answers.set(address.conversationId, [
          ...(answers.get(address.conversationId) ?? []),
          reply,
        ]);
      },
    };
    // The day's data in the cache, as after the first commands of any day.
    await run.services.data.members();
    await run.services.data.roles();

    const input = createBadInput(20261121, run.names);
    type Outcome = {
      id: string;
      what: 'command' | 'form';
      result: string;
      pings: string[];
      crashed?: string;
    };
    const outcomes: Outcome[] = [];
    const items = Array.from({ length: total }, (_, index) =>
      index % 10 < 7
        ? { what: 'command' as const, command: input.command() }
        : { what: 'form' as const, form: input.form() },
    );
    await pool(items, 16, async (item) => {
      const id = randomUUID();
      const replyTo = { platform: 'console' as const, conversationId: id };
      try {
        if (item.what === 'command') {
          const result = await run.dispatcher.command(
            { id, slash: item.command.slash, text: item.command.text },
            consoleUser,
            replyTo,
          );
          outcomes.push({
            id,
            what: 'command',
            result: result.kind,
            pings: result.kind === 'reply' ? pingsIn(result.reply) : [],
          });
        } else {
          const result = await run.dispatcher.submitForm(
            { id, key: `console:${id}`, form: item.form.form, values: item.form.values },
            consoleUser,
            replyTo,
          );
          outcomes.push({ id, what: 'form', result: result.kind, pings: pingsOf(result) });
        }
      } catch (error) {
        outcomes.push({
          id,
          what: item.what,
          result: 'crashed',
          pings: [],
          crashed: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
        });
      }
    });
    const queued = outcomes.filter((outcome) => outcome.result === 'queued');
    await until(
      () => queued.every((outcome) => (answers.get(outcome.id) ?? []).some((r) => !r.interim)),
      'an answer to every queued command and form',
      60_000,
      100,
    );

    // A sample through the real Slack endpoint, signed as Slack signs.
    const slashNames = new Set(slashCommandNames(registry).map((name) => `/${name}`));
    const sample = createBadInput(7, run.names);
    const slackAcks: { kind: string; status: number; ms: number; pings: string[]; url: string }[] =
      [];
    const slackItems = Array.from({ length: 250 }, (_, index) => index);
    await pool(slackItems, 8, async (index) => {
      if (index % 5 < 3) {
        const { slash, text } = sample.command();
        const sent = slashNames.has(slash) ? slash : '/help';
        const { answer, responseUrl } = await front.slash(sent, text);
        // Slack is acknowledged with nothing; every answer, immediate or the worker's, is posted,
        // but for a form, which opens as a modal instead.
        const parsed = parseCommandText(registry, sent, text);
        slackAcks.push({
          kind:
            answer.status === 200 && !(parsed.ok && parsed.command.kind === 'form')
              ? 'queued'
              : 'form',
          status: answer.status,
          ms: answer.elapsedMs,
          pings: mrkdwnPings(answer.json),
          url: responseUrl,
        });
      } else {
        const { form, values } = sample.form();
        const strings = Object.fromEntries(
          Object.entries(values).map(([key, value]) => [key, String(value)]),
        );
        const { answer, responseUrl } = await front.submit(form, strings);
        slackAcks.push({
          kind: answer.status === 200 && answer.text === '' ? 'queued' : 'answered',
          status: answer.status,
          ms: answer.elapsedMs,
          pings: mrkdwnPings(answer.json),
          url: responseUrl,
        });
      }
    });
    const slackQueued = slackAcks.filter((ack) => ack.kind === 'queued');
    await until(
      () => slackQueued.every((ack) => front.postsTo(ack.url).length > 0),
      'an answer on Slack to every queued sample',
      30_000,
      100,
    );
    await until(async () => (await run.pending()) === 0, 'an idle queue', 30_000, 100);
    process.off('unhandledRejection', onUnhandled);

    const finals = queued.map((outcome) =>
      (answers.get(outcome.id) ?? []).filter((reply) => !reply.interim),
    );
    const workerPings = finals.flat().flatMap(pingsIn);
    const slackPostPings = slackQueued.flatMap((ack) =>
      front.postsTo(ack.url).flatMap((body) => mrkdwnPings(body)),
    );
    const records = filedCollections.flatMap((collection) =>
      run.simulator.admin
        .records(collection)
        .map((record) => ({ collection, ...specProblems(collection, record) })),
    );
    const byResult = (what: 'command' | 'form') =>
      Object.fromEntries(
        [...new Set(outcomes.filter((o) => o.what === what).map((o) => o.result))].map((result) => [
          result,
          outcomes.filter((o) => o.what === what && o.result === result).length,
        ]),
      );
    const mentionText = /<!channel>|<!here>|<@|@everyone|@here/;
    const carrying = (reply: Reply) => mentionText.test(replyToPlainText(reply));
    const figures = {
      durationMs: Date.now() - started,
      inputs: outcomes.length,
      // Answers whose text holds mention syntax: what the renderers had to defuse.
      answersHoldingMentionText: finals.flat().filter(carrying).length,
      commands: byResult('command'),
      forms: byResult('form'),
      queuedAnsweredOnce: finals.filter((replies) => replies.length === 1).length,
      queuedAnsweredTwiceOrMore: finals.filter((replies) => replies.length > 1).length,
      genericErrorReplies: finals
        .flat()
        .filter((reply) =>
          (reply.sections ?? []).some(
            (section) => section.kind === 'text' && generic.test(section.text),
          ),
        ).length,
      crashes: outcomes.filter((outcome) => outcome.crashed).length,
      workerJobFailures: workerFailures,
      unhandledRejections: unhandled,
      pings: {
        immediateAnswers: outcomes.reduce((sum, outcome) => sum + outcome.pings.length, 0),
        workerAnswers: workerPings.length,
        slackAcks: slackAcks.reduce((sum, ack) => sum + ack.pings.length, 0),
        slackPosts: slackPostPings.length,
      },
      filed: {
        records: records.length,
        breakingTheSpec: records.filter((record) => record.problems.length > 0).length,
        overALimitInUtf16Units: records.filter((record) => record.utf16Over.length > 0).length,
        clubCalls: run.simulator.admin.calls().total,
      },
      slackSample: {
        sent: slackAcks.length,
        queued: slackQueued.length,
        non200: slackAcks.filter((ack) => ack.status !== 200).length,
        slowestAckMs: Math.round(Math.max(...slackAcks.map((ack) => ack.ms))),
      },
    };
    reportFigures('5 bad input', figures);
    const examples = [
      ...outcomes.filter((o) => o.crashed).map((o) => o.crashed),
      ...outcomes.flatMap((o) => o.pings),
      ...workerPings,
      ...records.flatMap((record) => record.problems),
    ].slice(0, 5);
    expect(examples).toEqual([]);
    // The checks can see a ping when there is one.
    expect(
      mrkdwnPings({ blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'hi <!here>' } }] }),
    ).toHaveLength(1);
    expect(figures.answersHoldingMentionText).toBeGreaterThan(100);

    expect(outcomes).toHaveLength(total);
    expect(figures.crashes).toBe(0);
    expect(figures.unhandledRejections).toBe(0);
    expect(figures.workerJobFailures).toBe(0);
    expect(figures.queuedAnsweredOnce).toBe(queued.length);
    expect(figures.genericErrorReplies).toBe(0);
    expect(figures.pings).toEqual({
      immediateAnswers: 0,
      workerAnswers: 0,
      slackAcks: 0,
      slackPosts: 0,
    });
    expect(figures.filed.breakingTheSpec).toBe(0);
    expect(figures.slackSample.non200).toBe(0);
    expect(figures.slackSample.slowestAckMs).toBeLessThan(3_000);
  }, 180_000);
});

/** The neutral reply a platform shows for a submission's result (Discord shows invalid ones so). */
function pingsOf(result: SubmitResult): string[] {
  if (result.kind === 'reply') return pingsIn(result.reply);
  if (result.kind === 'invalid')
    return pingsIn(
      formInvalidReply(
        result.form.title,
        result.errors,
        result.values,
        result.form.fields,
        result.form.id,
      ),
    );
  return [];
}

/** Unescaped mentions in the mrkdwn of a Slack answer or post (acks, modal updates, messages). */
function mrkdwnPings(body: unknown): string[] {
  if (body === undefined) return [];
  return slackMrkdwnTexts(body).filter((text) => /<[!@#]/.test(text));
}

/**
 * The production logger at debug into the run's log folder (as `capturedLogger`), which also
 * tells `onJobFailed` of each 'job failed' line.
 */
function countingLogger(name: string, onJobFailed: () => void): Logger {
  const failures = new Writable({
    write(chunk: Buffer, _encoding, done) {
      if ((JSON.parse(chunk.toString()) as { msg?: string }).msg === 'job failed') onJobFailed();
      done();
    },
  });
  const file = pino.destination({
    dest: join(logDir(), `${name}-${process.pid}-pool.log`),
    sync: true,
  });
  return createLogger(
    { level: 'debug', role: name },
    pino.multistream([
      { level: 'debug', stream: file },
      { level: 'warn', stream: failures },
    ]),
  );
}
