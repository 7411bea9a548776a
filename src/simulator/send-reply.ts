import type { ServerResponse } from 'node:http';
import type { Reply } from './reply.js';

/**
 * Writes a reply with `X-Ratelimit-Remaining`, which the spec puts on every API response (errors,
 * 401 and 403 included). Does nothing when the client has already gone.
 */
export function sendReply(
  response: ServerResponse,
  reply: Reply,
  remaining: number,
  headers: Record<string, string> = {},
): void {
  if (response.destroyed || response.headersSent) return;
  response.writeHead(reply.status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(reply.json),
    'X-Ratelimit-Remaining': String(remaining),
    ...headers,
  });
  response.end(reply.json);
}
