import { clubWorkerOptions, type ClubJobOptions } from '../../src/hosting/club-worker-options.js';
import { createClubWorker, type ClubWorker } from '../../src/jobs/create-worker.js';
import type { Heartbeat } from '../../src/ops/heartbeat.js';

/** Options for {@link startClubWorker}. */
export interface StartClubWorkerOptions extends ClubJobOptions {
  /** Beaten while this worker runs and its own Redis connection answers. */
  heartbeat?: Heartbeat;
  heartbeatMs?: number;
}

/**
 * One club's jobs on a plain BullMQ worker with the job options `club-bot start`'s pool uses
 * ({@link clubWorkerOptions}): for tests that pause a worker, watch its events, or run several
 * processes' workers on one queue. `club-bot start` itself runs the fair worker pool.
 */
export function startClubWorker(options: StartClubWorkerOptions): ClubWorker {
  const { services } = options;
  const worker = createClubWorker(clubWorkerOptions(options));
  const { heartbeat } = options;
  if (!heartbeat) return worker;
  const look = () =>
    void (async () => {
      if (!worker.isRunning() || worker.isPaused()) return;
      await worker.waitUntilReady();
      if ((await services.queueConnection.ping()) === 'PONG') heartbeat.beat();
    })().catch(() => undefined);
  look();
  const timer = setInterval(look, options.heartbeatMs ?? 10_000);
  timer.unref();
  worker.on('closing', () => clearInterval(timer));
  return worker;
}
