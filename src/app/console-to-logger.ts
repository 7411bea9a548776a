import { format } from 'node:util';
import type { Logger } from '../log.js';

const levels = { error: 'error', warn: 'warn', info: 'info', log: 'info' } as const;

/**
 * Sends what libraries print with `console` (BullMQ's "IMPORTANT! Eviction policy is …", its
 * Redis version advice) through the process logger, so the log stream stays JSON lines, one per
 * event. Resolves a function that puts `console` back (tests).
 */
export function consoleToLogger(logger: Logger): () => void {
  const saved = { ...console };
  const from = logger.child({ from: 'console' });
  for (const [method, level] of Object.entries(levels)) {
    console[method as keyof typeof levels] = (...args: unknown[]) =>
      from[level](format(...args).trim());
  }
  return () => Object.assign(console, saved);
}
