/**
 * The one-line message for a public port (`PORT`: Slack's events and install flow) another program
 * holds, or undefined when `error` is something else. The ops port says so itself (start-ops.ts).
 */
export function portTakenMessage(error: unknown): string | undefined {
  const taken = error as { code?: unknown; port?: unknown; address?: unknown } | null;
  if (taken?.code !== 'EADDRINUSE') return undefined;
  const where = typeof taken.address === 'string' ? ` on ${taken.address}` : '';
  return `PORT ${String(taken.port ?? '')} is taken${where}: another program, or another bot process on this host, listens there. Stop it, or set PORT to a free port.`;
}
