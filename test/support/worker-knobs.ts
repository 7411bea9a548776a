/** BullMQ's lock, stalled check and concurrency for a test's worker process, from its environment. */
export function workerKnobsFromEnv(env: NodeJS.ProcessEnv = process.env) {
  return {
    lockDurationMs: Number(env.TEST_LOCK_MS ?? 30_000),
    stalledIntervalMs: Number(env.TEST_STALLED_MS ?? 30_000),
    concurrency: Number(env.TEST_CONCURRENCY ?? 8),
  };
}
