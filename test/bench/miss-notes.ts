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
    `In a closed loop at concurrency 50, latency is about 50 ÷ throughput. On these 2 cores, shared with the load generator and Redis, the bare Bolt app that does nothing but ack reached p99 ${valueOf(figures, 'B1.bare.p99')} ms in the same run, so 20 ms is out of reach for any Bolt app here; the adapter's own cost is B1.ratio.p99.`,
  'B1.ratio.p99': () =>
    "The adapter's acknowledgement costs about 0.5 ms of CPU to the bare app's 0.2 ms, and in a closed loop the latency ratio follows the CPU ratio (the p99s are closer than the p50s because both have the same scheduling tail). The extra is the work of an acknowledgement: the asker's email (Redis), the rate limit (a Redis script), the asker's roles from the cached members and roles (two small scripts and a link lookup), BullMQ's add script, and one log line, whose redaction of 108 paths is about 15% of the adapter's CPU (left as it is: it keeps personal data out of logs). Fixed on the way: a full parse of the members list on every acknowledgement, a scan of every member's email, and 13 Bolt listeners run for every request (the adapter's p50 went from 261 ms to the figure above).",
  'B3.ratio': () =>
    "A command costs the worker about 2.5–3 ms of CPU: the asker and the handler's reads through the cache (small scripts now, after the fix that stopped re-parsing every collection: 103 commands/s before), the handler and Block Kit rendering, the audit entry, claiming a response_url use (MULTI), the HTTP POST to Slack and a log line, on top of BullMQ's own per-job work, which is all the no-op worker does (0.2–0.3 ms). Half the no-op rate would need the whole command in about 0.4 ms; no single part is waste, so this needs a different design (e.g. batching replies), not a fix.",
  'B5.session.flat': () =>
    "The seeded club's rosters grow with its size (a median of 4 swimmers a session at 50 members, 40 at 500, 365 at 5,000: replies about 90 times longer for this ratio of latency), and rendering and posting a longer roster takes longer; the per-command work that grew with the club for no reason (parsing the members list, mapping every member by Guid and by email on each command) is gone.",
  'B5.rss.5000': () =>
    "About 155 MB is the floor at any club size (Node, BullMQ, ioredis, Bolt's Web API client, zod, pino loaded by the worker); after a full GC the live heap is 25–32 MB at every size. The rest is V8 letting the heap grow under the allocation of 5,000-member rosters before collecting.",
  'B6.p99': () =>
    'Four processes in a tight loop and Redis share two cores: the tail is CPU scheduling (five runnable processes), not the reservation script, whose p50 is a tenth of a millisecond.',
};
