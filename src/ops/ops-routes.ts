import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BotMetrics } from './bot-metrics.js';
import { checkParts, type PartCheck } from './health-part.js';

/** An HTTP route of the ops port: an exact path, or (with `prefix`) everything under it. */
export interface OpsRoute {
  path: string;
  /** Serves `path` and every path below it (`/jobs/...`). Default: the exact path only. */
  prefix?: boolean;
  handler(request: IncomingMessage, response: ServerResponse): void;
}

/** What `/livez` and `/readyz` ask, by part name. */
export interface OpsChecks {
  /** This process alone: its event loop, its Redis connection. */
  live: Record<string, PartCheck>;
  /** What this role needs to do its work: platforms, its own worker, the club service; `startUp` while it starts. */
  ready: Record<string, PartCheck>;
}

/**
 * `GET /livez` (`{ live, parts }`), `GET /readyz` (`{ ready, parts }`), each 200 or 503 with a
 * JSON body naming each part, and `GET /metrics` (Prometheus).
 */
export function opsRoutes(options: { checks: OpsChecks; metrics: BotMetrics }): OpsRoute[] {
  const report = (key: 'live' | 'ready'): OpsRoute => ({
    path: `/${key}z`,
    handler(_request, response) {
      void checkParts(options.checks[key]).then(({ ok, parts }) => {
        response.writeHead(ok ? 200 : 503, { 'Content-Type': 'application/json' });
        response.end(JSON.stringify({ [key]: ok, parts }));
      });
    },
  });
  return [
    report('live'),
    report('ready'),
    {
      path: '/metrics',
      handler(_request, response) {
        void options.metrics.registry.metrics().then(
          (text) => {
            response.writeHead(200, { 'Content-Type': options.metrics.registry.contentType });
            response.end(text);
          },
          () => {
            response.writeHead(500);
            response.end();
          },
        );
      },
    },
  ];
}

/** A running ops server. */
export interface RunningOpsServer {
  port: number;
  stop(): Promise<void>;
}

/** Serves the routes on the private ops port (`OPS_HOST:OPS_PORT`); anything else is 404. */
export async function startOpsServer(
  port: number,
  routes: OpsRoute[],
  host?: string,
): Promise<RunningOpsServer> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0] ?? '/';
    const route = routes.find(
      (candidate) =>
        candidate.path === path || (candidate.prefix && path.startsWith(`${candidate.path}/`)),
    );
    // The board also posts (retry, remove); the rest answers GET only.
    if (route && (route.prefix || request.method === 'GET' || request.method === 'HEAD')) {
      return route.handler(request, response);
    }
    response.writeHead(404, { 'Content-Type': 'text/plain' });
    response.end('Not found');
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
