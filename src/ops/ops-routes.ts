import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { BotMetrics } from './bot-metrics.js';
import type { HealthReport } from './health.js';

/** An HTTP route in the shape Bolt's `customRoutes` takes, so Slack's server can serve it too. */
export interface OpsRoute {
  path: string;
  method: string;
  handler(request: IncomingMessage, response: ServerResponse): void;
}

/** `GET /healthz` (200 or 503 with a JSON body naming each part) and `GET /metrics` (Prometheus). */
export function opsRoutes(options: {
  health: () => Promise<HealthReport>;
  metrics: BotMetrics;
}): OpsRoute[] {
  return [
    {
      path: '/healthz',
      method: 'GET',
      handler(_request, response) {
        void options.health().then(
          (report) => {
            response.writeHead(report.healthy ? 200 : 503, { 'Content-Type': 'application/json' });
            response.end(JSON.stringify(report));
          },
          () => {
            response.writeHead(503, { 'Content-Type': 'application/json' });
            response.end(JSON.stringify({ healthy: false, parts: {} }));
          },
        );
      },
    },
    {
      path: '/metrics',
      method: 'GET',
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

/** Serves the routes alone, when no Slack HTTP server is there to carry them. */
export async function startOpsServer(
  port: number,
  routes: OpsRoute[],
  host?: string,
): Promise<{ port: number; stop(): Promise<void> }> {
  const server = createServer((request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    const route = routes.find(
      (candidate) => candidate.path === path && candidate.method === request.method,
    );
    if (route) return route.handler(request, response);
    response.writeHead(404, { 'Content-Type': 'text/plain' });
    response.end('Not found');
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
