/**
 * A hosting bot process for B8: each club's dispatcher (as the adapters use it) and the hosted
 * deliverer posting every club's replies, here to a console sink that notes when each arrives.
 * It also drives the load itself, so sending and the reply's arrival are timed on one clock.
 */
import { randomUUID } from 'node:crypto';
import type { HostedClub } from '../../../src/hosting/club-scope.js';
import { startHostedDeliverer } from '../../../src/hosting/start-hosted-deliverer.js';
import type { Reply } from '../../../src/core/reply.js';
import { serveParent, signalReady } from '../child-process.js';
import { openHostedProcess } from '../hosted-process.js';
import { sleep } from '../stats.js';

/** A command of the plan: which club, and the line typed. */
export interface PlannedLine {
  club: string;
  line: string;
}

/** What a run gives back, per command in the order sent. */
export interface HostedRun {
  results: { club: string; ms: number; ok: boolean }[];
  sentPerSecond: number;
}

const hosted = await openHostedProcess('bot');
const { directory } = hosted;
const answered = new Map<string, { at: number; ok: boolean }>();
const isAnswer = (reply: Reply) => reply.tone !== 'error' && reply.tone !== 'warning';
const deliverer = startHostedDeliverer({
  directory,
  redis: hosted.redis,
  logger: hosted.logger,
  root: hosted.root,
  sinksFor: () => ({
    console: {
      async deliver(address, reply) {
        if (address.platform !== 'console' || answered.has(address.conversationId)) return;
        answered.set(address.conversationId, { at: performance.now(), ok: isAnswer(reply) });
      },
    },
  }),
});
const dispatcherOf = (club: HostedClub) => club.dispatcher;
const churns = new Map<string, NodeJS.Timeout>();

async function warm(): Promise<void> {
  const ids = [...directory.ids()];
  for (let i = 0; i < ids.length; i += 10) {
    await Promise.all(
      ids.slice(i, i + 10).map(async (id) => {
        const data = directory.club(id)?.data;
        await Promise.all([
          data?.members(),
          data?.roles(),
          data?.sessions(),
          data?.whosWho(),
          data?.events(),
          data?.meets(),
        ]);
      }),
    );
  }
}

async function run(plan: PlannedLine[], rate: number, answerTimeoutMs: number): Promise<HostedRun> {
  const sent: { id: string; club: string; at: number; now?: { ok: boolean } }[] = [];
  const began = performance.now();
  const dispatching: Promise<void>[] = [];
  for (const [index, planned] of plan.entries()) {
    const due = began + (index * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await sleep(wait);
    const club = directory.club(planned.club);
    if (!club) throw new Error(`no club ${planned.club}`);
    const id = randomUUID();
    const entry: (typeof sent)[number] = { id, club: planned.club, at: performance.now() };
    sent.push(entry);
    const [slash = '', ...rest] = planned.line.split(' ');
    dispatching.push(
      dispatcherOf(club)
        .command(
          { id, slash, text: rest.join(' ') },
          { platform: 'console', userId: `person-${index % 40}` },
          { platform: 'console', conversationId: id },
        )
        .then(
          (result) => {
            if (result.kind !== 'queued') {
              answered.set(id, { at: performance.now(), ok: false });
            }
          },
          () => void answered.set(id, { at: performance.now(), ok: false }),
        ),
    );
  }
  const sentPerSecond = (sent.length * 1000) / (performance.now() - began);
  await Promise.all(dispatching);
  const deadline = performance.now() + answerTimeoutMs;
  while (performance.now() < deadline && sent.some((entry) => !answered.has(entry.id))) {
    await sleep(50);
  }
  const results = sent.map((entry) => {
    const answer = answered.get(entry.id);
    answered.delete(entry.id);
    return { club: entry.club, ms: answer ? answer.at - entry.at : -1, ok: answer?.ok ?? false };
  });
  return { results, sentPerSecond };
}

serveParent(
  async (message) => {
    switch (message.type) {
      case 'warm':
        await warm();
        return {};
      case 'run': {
        const ran = await run(
          message.plan as PlannedLine[],
          Number(message.rate),
          Number(message.answerTimeoutMs),
        );
        return { ...ran };
      }
      case 'churn': {
        // A club whose cache is emptied again and again: every command needs its service.
        const club = String(message.club);
        clearInterval(churns.get(club));
        if (Number(message.everyMs) > 0) {
          const services = directory.club(club);
          const timer = setInterval(() => {
            for (const collection of ['sessions', 'whosWho', 'events', 'meets'] as const) {
              void services?.cache.invalidate(collection).catch(() => undefined);
            }
          }, Number(message.everyMs));
          churns.set(club, timer);
        }
        return {};
      }
      default:
        throw new Error(`unknown request ${message.type}`);
    }
  },
  async () => {
    for (const timer of churns.values()) clearInterval(timer);
    await deliverer.stop();
    await hosted.close();
    return {};
  },
);
signalReady({ pid: process.pid });
