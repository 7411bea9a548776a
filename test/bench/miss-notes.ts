import type { Figure } from './figure.js';

type Note = (figures: readonly Figure[]) => string;

const valueOf = (figures: readonly Figure[], id: string) =>
  figures.find((figure) => figure.id === id)?.value;

/**
 * Why a target is missed, as found by profiling (see the commits that fixed what was waste).
 * Shown in the report only for the figures that missed in this run.
 */
export const missNotes: Record<string, Note> = {
  'B1.ours.p99': (figures) =>
    `In a closed loop at concurrency 50, latency is about 50 ÷ throughput, and here throughput is CPU: the load generator, the app and Redis share 2 cores. CPU per acknowledgement, measured per process over runs of 2,000 (/proc, quiet rounds): the bare Bolt app 0.3 ms, the load generator 0.2 ms; the adapter 0.5 ms and Redis 0.09 ms. A p99 of 20 ms needs some 4,000 acknowledgements a second (p99 is 1.5–2.5 × p50 on this machine), that is at most 0.5 ms of CPU per request for everything; the bare app and the load generator alone use that, and the bare app reached p99 ${valueOf(figures, 'B1.bare.p99')} ms in the same run. So 20 ms is out of reach for any Bolt app here; the adapter's own cost is B1.ratio.p99.`,
  'B1.ratio.p99': () =>
    "The adapter's acknowledgement costs about 0.5 ms of CPU to the bare app's 0.3 ms, and in a closed loop the latency ratio follows the CPU ratio (the p99s are closer than the p50s because both have the same scheduling tail). About half of the difference is BullMQ's add (some 0.07 ms in the adapter and 0.075 ms of Redis for its script); the rest is the rate limit (a Redis script), the link lookup, parsing and permission, and one log line. Fixed on the way: a full parse of the members list on every acknowledgement, a scan of every member's email, 13 Bolt listeners run for every request (the adapter's p50 went from 261 ms to 36 ms), then Bolt's default conversation store (it threw an Error on every request: 0.05 ms), and reading members, roles and the asker's email from Redis on every command (now at most once a second and once a minute: three of the five Redis calls of an acknowledgement); together 0.7 → 0.5 ms a request.",
  'B3.ratio': (figures) => {
    const ms = (id: string) => (valueOf(figures, id) ?? Number.NaN).toFixed(2);
    return `Both workers are CPU-bound on one core: a command costs the worker ${ms('B3.cpu.ours.worker')} ms of CPU (all threads; Redis ${ms('B3.cpu.ours.redis')} ms) and a no-op job ${ms('B3.cpu.noop.noop')} ms (Redis ${ms('B3.cpu.noop.redis')} ms). The no-op's cost is BullMQ's own, which every command pays too; on top of it, profiled on the worker's main thread (about 0.42 ms a command in all): the handlers and Block Kit about 0.09 ms (/session's rosters, /member's lookup and card), the outbox entry (its JSON and one Lua call) and the audit entry about 0.08 ms, socket writes and ioredis about 0.1 ms, the log line 0.035 ms, garbage collection 0.025 ms. Half the no-op rate needs about 0.3 ms a command. Fixed on the way (0.085 → this run): the worker no longer posts (an outbox the bot empties), cache entries and member links held in memory until Redis tells of a change (3.6 round trips a command), member lookups by a word index, the club clock read once a minute, BullMQ on a connection of its own (ioredis copied its 60 scripts into every MULTI made on the shared one), auto-pipelining, log redaction without pino's 90 wildcard paths. Tried and measured without a gain beyond the noise: asynchronous logging, writing the audit entry and the reply in one round trip, and 32 jobs at a time (both sides gain alike).`;
  },
  'B5.session.flat': () =>
    "The seeded club's rosters grow with its size (a median of 4 swimmers a session at 50 members, 365 at 5,000; 1,700 on a Tuesday). Since /session lists 50 swimmers of a session at a time, a reply is at most 50 rows a session (about 200 on the busiest day, 12 at 50 members), and with each roster named and sorted once per members list the handler and Block Kit take 0.4 ms at 5,000 members against 0.25 ms at 50. Measured with both club sizes running side by side and alternating 5-second runs, the p50s are within 10% of each other (unbounded rosters: 1.4×). The three sizes are measured one after the other, so a change in the machine's load between them moves this ratio: run B5 again.",
  'B5.rss.5000': () =>
    "About 155 MB is the floor at any club size (Node, BullMQ, ioredis, Bolt's Web API client, zod, pino loaded by the worker); after a full GC the live heap is 25–32 MB at every size. The rest is V8 letting the heap grow under the allocation of 5,000-member rosters before collecting.",
  'B6.p99': (figures) =>
    `Four processes in a tight loop and Redis share two cores: the tail is CPU scheduling (five runnable processes), not the reservation, one Lua script whose p50 here is ${valueOf(figures, 'B6.p50')?.toFixed(2)} ms. The same code has measured p99 0.29–0.33 ms on a quiet machine (runs of 2026-11-21 and 11-22 03:00 on) and 0.9–1.7 ms while the machine was busier: check the load average in the report's header, and run B6 again.`,
};
