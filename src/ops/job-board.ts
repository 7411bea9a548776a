import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import type { Queue } from 'bullmq';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { basicAuthMatches } from './basic-auth.js';
import type { OpsRoute } from './ops-routes.js';

/** A queue as the board lists it; `label` tells apart the clubs' same-named queues. */
export interface BoardQueue {
  queue: Queue;
  /** Shown before the queue's name. Default: none (the single club). */
  label?: string;
}

/** Options for {@link jobBoardRoute}. */
export interface JobBoardOptions {
  /** `OPS_USER` and `OPS_PASSWORD`: without both the board is off. */
  user?: string;
  password?: string;
  /** Every queue to show, asked at each request (a hosting registry gains clubs). */
  queues(): BoardQueue[];
  /** Where the board is served. Default: `/jobs`. */
  path?: string;
}

/**
 * Bull Board on the ops port behind basic auth: every queue, its failed jobs, retry and remove.
 * Job data is sealed (see SealedJobData), so the board shows who and what only as ciphertext.
 * Undefined when no credentials are set: the path is then 404 like any other.
 */
export function jobBoardRoute(options: JobBoardOptions): OpsRoute | undefined {
  const { user, password } = options;
  if (!user || !password) return undefined;
  const path = options.path ?? '/jobs';
  const adapter = new ExpressAdapter();
  adapter.setBasePath(path);
  const board = createBullBoard({ queues: [], serverAdapter: adapter });
  // An Express app is itself a (request, response) handler; the board's routes start at its root.
  const app = adapter.getRouter() as (request: IncomingMessage, response: ServerResponse) => void;
  let shown: BoardQueue[] = [];

  // A club whose record changed gets a new Queue object: compared by identity, not by name.
  function refresh(): void {
    const queues = options.queues();
    const same =
      queues.length === shown.length &&
      queues.every(
        (entry, at) => entry.queue === shown[at]?.queue && entry.label === shown[at]?.label,
      );
    if (same) return;
    board.replaceQueues(
      queues.map(
        ({ queue, label }) =>
          new BullMQAdapter(queue, label ? { prefix: `${label}: `, displayName: label } : {}),
      ),
    );
    shown = queues;
  }

  return {
    path,
    prefix: true,
    handler(request, response) {
      if (!basicAuthMatches(request.headers.authorization, user, password)) {
        response.writeHead(401, {
          'WWW-Authenticate': 'Basic realm="club bot jobs", charset="UTF-8"',
          'Content-Type': 'text/plain',
        });
        response.end('The job board needs the OPS_USER and OPS_PASSWORD credentials.');
        return;
      }
      refresh();
      const rest = (request.url ?? path).slice(path.length);
      request.url = rest.startsWith('/') ? rest : `/${rest}`;
      app(request, response);
    },
  };
}
