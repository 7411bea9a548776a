import type { Figure } from './figure.js';

type Note = (figures: readonly Figure[]) => string;

const valueOf = (figures: readonly Figure[], id: string) =>
  figures.find((figure) => figure.id === id)?.value;

const fixed = (figures: readonly Figure[], id: string, digits: number) =>
  (valueOf(figures, id) ?? Number.NaN).toFixed(digits);

/** Where the README's Performance section keeps what was measured, fixed and tried. */
const more = "The README's Performance section has what was measured, fixed and tried.";

/**
 * Why a target is missed, as found by profiling. Shown in the report only for the figures that
 * missed in this run; each says the cause, with this run's figures where they show it.
 */
export const missNotes: Record<string, Note> = {
  'B1.ours.p99': (figures) =>
    `Out of reach for any Bolt app on this machine: the bare Bolt app, whose listener only acknowledges, reached p99 ${fixed(figures, 'B1.bare.p99', 1)} ms in the same run. B1 is a closed loop at concurrency 50, so latency is about 50 ÷ throughput, and throughput is CPU, which the load generator, the app and Redis share on 2 cores. A p99 of 20 ms needs a p50 under 10 ms (p99 is 2–4 × p50 here), so over 5,000 acknowledgements a second: at most 0.4 ms of CPU a request for everything. The bare app takes 0.3 ms an acknowledgement and the load generator 0.2 ms; the adapter 0.5 ms and Redis 0.09 ms (measured per process over runs of 2,000). The adapter's own cost is B1.ratio.p99 (${fixed(figures, 'B1.ratio.p99', 2)}× here). ${more}`,
  'B1.ratio.p99': () =>
    `The adapter's acknowledgement costs about 0.5 ms of CPU to the bare app's 0.3 ms, and in a closed loop the latency ratio follows the CPU ratio (the p99s are closer than the p50s, because both apps have the same scheduling tail). About half of the difference is BullMQ's add: some 0.07 ms in the adapter and 0.075 ms of Redis for its script. The rest is the rate limit (a Redis script), the link lookup, parsing and permission, and one log line. ${more}`,
  'B3.ratio': (figures) =>
    `Both workers are CPU-bound, sharing 2 cores with Redis. A command costs the worker ${fixed(figures, 'B3.cpu.ours.worker', 3)} ms of CPU (all threads) and Redis ${fixed(figures, 'B3.cpu.ours.redis', 3)} ms; a no-op job costs its worker ${fixed(figures, 'B3.cpu.noop.noop', 3)} ms and Redis ${fixed(figures, 'B3.cpu.noop.redis', 3)} ms. The no-op's cost is BullMQ's own, which every command pays too. What a command adds is its own work: its handler (25–31 µs over B3's mix, in a loop), its reply's JSON (16–18 µs), the outbox script (22–24 µs of Redis), a log line, metrics and the GC of it all, each several times its loop cost in the worker, where it shares the CPU's caches with BullMQ's work. The ratio moves with the machine's load: on 2026-11-25 evening it was 0.495–0.54 in four full runs and 0.44–0.51 in 21 B3-only runs. ${more}`,
  'B5.session.flat': () =>
    `The three club sizes are measured one after the other, so a change in the machine's load between them moves this ratio: run B5 again. /session lists 50 swimmers of a session at a time, so a reply is at most 50 rows a session (about 200 on the busiest day at 5,000 members, 12 at 50 members); with each roster named and sorted once per members list, the handler and Block Kit take 0.4 ms at 5,000 members against 0.25 ms at 50. Measured side by side, in alternating 5-second runs, the p50s at 50 and 5,000 members are within 10% of each other.`,
  'B5.rss.5000': () =>
    "About 120 MB is the floor at any club size (120–125 MB at 50 members in the runs of 2026-11-25): Node, BullMQ, ioredis, Bolt's Web API client, zod and pino, loaded by the worker. After a full GC the live heap is 25–32 MB at every size; the rest is V8 letting the heap grow under the allocation of 5,000-member rosters before it collects.",
  'B6.p99': (figures) =>
    `Four processes in a tight loop and Redis share 2 cores: the tail is CPU scheduling of five runnable processes, not the reservation, one Lua script whose p50 here is ${fixed(figures, 'B6.p50', 2)} ms. The same code measured p99 0.24–0.35 ms on a quiet machine (runs of 2026-11-21 to 11-25) and 0.9–1.7 ms while the machine was busier: check the load average in the report's header, and run B6 again.`,
};
