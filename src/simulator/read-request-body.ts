import type { IncomingMessage } from 'node:http';

/** The largest body the simulator reads: far above any valid write. */
export const maxBodyBytes = 1024 * 1024;

/** Reads a request body as UTF-8 text; undefined when it is larger than {@link maxBodyBytes}. */
export async function readRequestBody(request: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    // Keep draining a body that is too large, so the answer can still be sent on this connection.
    if (size <= maxBodyBytes) chunks.push(chunk);
  }
  return size > maxBodyBytes ? undefined : Buffer.concat(chunks).toString('utf8');
}
