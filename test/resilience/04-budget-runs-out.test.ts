import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { reportFigures } from './support/figures.js';
import {
  byConversation,
  filingFigures,
  timesFiled,
  type LoadedForm,
  type SentForm,
} from './support/filings.js';
import { consoleCommand, consoleUser, startStack, submitConsoleForm } from './support/stack.js';
import { pause, until } from './support/until.js';
import { startWorkerProcess } from './support/worker-processes.js';

const dailyLimit = 200;
/** The bot's budget window, shortened from 24 h so the calls come back within the test. */
const windowMs = 15_000;

describe('scenario 4: the daily budget runs out mid-day', () => {
  it('when the service starts answering 403, reads come from the cache with their age, writes wait without spending a call and are filed once after the window', async () => {
    const started = Date.now();
    const run = await startStack({
      name: 'budget',
      simulator: { dailyLimit },
      config: { CLUB_DAILY_LIMIT: String(dailyLimit), CACHE_FRESH_SECONDS: '1' },
      budgetWindowMs: windowMs,
    });
    await startWorkerProcess(run.env, 'budget-worker');
    const finals = async () => byConversation(await run.replies());
    const ask = async (slash: string, text = '') => {
      const command = consoleCommand(slash, text);
      const result = await run.dispatcher.command(command.input, consoleUser, command.replyTo);
      expect(result.kind).toBe('queued');
      return command.input.id;
    };

    // A normal morning: the cache is warm.
    // Collections that stay fresh CACHE_FRESH_SECONDS (who's who, events, meets stay six times longer).
    const cachedReads: [string, string][] = [
      ['/sessions', ''],
      ['/session', 'tuesday'],
      ['/incident', 'list open'],
      ['/waitinglist', ''],
    ];
    const morning = await Promise.all(cachedReads.map(([slash, text]) => ask(slash, text)));
    await until(async () => {
      const { byId } = await finals();
      return morning.every((id) => byId.has(id));
    }, 'the morning answers');

    // Another tool spends the rest of the shared token's day: the service now answers 403.
    run.simulator.admin.setBudget({ remaining: 0 });
    await pause(1_100); // the cached entries are now past their 1 s freshness
    const callsAtExhaustion = run.simulator.admin.calls().total;

    const reads: string[] = [];
    for (let round = 0; round < 4; round += 1)
      for (const [slash, text] of cachedReads) reads.push(await ask(slash, text));
    // Not cached: the trial requests were never read, and health notes never are.
    const coldReads = [await ask('/trials'), await ask('/member', `details ${run.names[2]}`)];

    const runId = randomUUID().slice(0, 6);
    const forms: SentForm[] = [];
    for (let index = 0; index < 9; index += 1) {
      const form: LoadedForm = (['incident', 'trial', 'waitinglist'] as const)[index % 3]!;
      const marker = `Spent${runId}n${index}z`;
      const values: Record<string, string> =
        form === 'incident'
          ? {
              title: marker,
              date: '2026-03-14',
              details: 'Filed once the calls came back.',
              reporter: run.names[index] ?? '',
            }
          : { firstName: 'Alex', lastName: marker, dateOfBirth: '2015-01-20' };
      const { id, kind } = await submitConsoleForm(run, form, values);
      expect(kind).toBe('queued');
      forms.push({ id, form, marker });
    }

    // Everyone hears something: an answer from the cache, or that theirs is queued.
    await until(async () => {
      const { byId, interim } = await finals();
      return (
        reads.every((id) => byId.has(id)) &&
        [...coldReads, ...forms.map((form) => form.id)].every((id) => interim.has(id))
      );
    }, 'cached answers and queued notices');
    const callsWhileSpent = run.simulator.admin.calls().total;
    // Waiting spends nothing: no call while the window lasts (polled a few times).
    const flat: number[] = [];
    for (let look = 0; look < 5; look += 1) {
      await pause(1_000);
      flat.push(run.simulator.admin.calls().total);
    }
    const filedWhileSpent = forms.filter((form) => timesFiled(run.simulator, form) > 0).length;

    // The service's day ends (its clock moves on a day); the bot's own window ends by itself.
    run.simulator.admin.advanceClock(24 * 3_600_000 + 60_000);
    const advancedAt = Date.now();
    await until(
      async () => {
        const { byId } = await finals();
        return [...coldReads, ...forms.map((form) => form.id)].every((id) => byId.has(id));
      },
      'the queued work to be done after the window',
      windowMs + 30_000,
      200,
    );
    await until(async () => (await run.pending()) === 0, 'an idle queue', 20_000, 200);

    const { byId, interim } = await finals();
    const { filedOnce, ...filings } = filingFigures(run.simulator, forms, byId);
    const readTexts = reads.map((id) => byId.get(id)?.[0]?.text ?? '');
    const calls = run.simulator.admin.calls();
    const refused = calls.calls
      .filter((call) => call.status === 403)
      .reduce((sum, call) => sum + call.count, 0);
    const figures = {
      durationMs: Date.now() - started,
      botWindowMs: windowMs,
      readsWhileSpent: {
        sent: reads.length,
        answeredFromCacheWithAge: readTexts.filter((text) =>
          /Club data from .*(could not be asked for newer|newer is on its way)/.test(text),
        ).length,
        answeredOnce: reads.filter((id) => byId.get(id)?.length === 1).length,
      },
      uncachedReadsWhileSpent: {
        sent: coldReads.length,
        toldQueued: coldReads.filter((id) => interim.get(id)?.length === 1).length,
        answeredAfterTheWindow: coldReads.filter((id) => byId.get(id)?.length === 1).length,
      },
      submissionsWhileSpent: {
        sent: forms.length,
        toldQueued: forms.filter((form) => interim.get(form.id)?.length === 1).length,
        filedWhileSpent: filedWhileSpent,
        filedOnceAfterTheWindow: filedOnce,
        ...filings,
      },
      clubCalls: {
        refused403: refused,
        atExhaustion: callsAtExhaustion,
        whileSpent: [callsWhileSpent, ...flat],
        total: calls.total,
      },
      doneAfterClockMovedMs: Date.now() - advancedAt,
    };
    reportFigures('4 budget runs out', figures);

    expect(figures.readsWhileSpent.answeredFromCacheWithAge).toBe(reads.length);
    expect(figures.readsWhileSpent.answeredOnce).toBe(reads.length);
    expect(figures.uncachedReadsWhileSpent.answeredAfterTheWindow).toBe(coldReads.length);
    expect(figures.submissionsWhileSpent.toldQueued).toBe(forms.length);
    expect(filedWhileSpent).toBe(0);
    expect(figures.submissionsWhileSpent.filedOnceAfterTheWindow).toBe(forms.length);
    expect(figures.submissionsWhileSpent.confirmedOnce).toBe(forms.length);
    // The 403s that told the bot (a call or two in flight at once), then nothing until the window.
    expect(refused).toBeGreaterThan(0);
    expect(refused).toBeLessThanOrEqual(3);
    expect(new Set(flat).size).toBe(1);
    expect(flat[0]).toBe(callsWhileSpent);
  }, 120_000);
});
