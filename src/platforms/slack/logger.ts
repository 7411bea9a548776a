import { LogLevel, type Logger as SlackLogger } from '@slack/bolt';
import type { Logger } from '../../log.js';

/**
 * Bolt's and the Web API client's logs, into the process's pino logger. Debug lines are dropped
 * (they hold whole request bodies: names, typed reports) and only strings and error messages are
 * kept from the rest, so no payload reaches a log line.
 */
export function slackLogger(logger: Logger): SlackLogger {
  const line = (parts: unknown[]) =>
    parts
      .map((part) => {
        if (typeof part === 'string') return part;
        if (part instanceof Error) return `${part.name}: ${part.message}`;
        return typeof part === 'number' || typeof part === 'boolean' ? String(part) : '[data]';
      })
      .join(' ');
  let level = LogLevel.INFO;
  return {
    debug: () => undefined,
    info: (...parts: unknown[]) => logger.info(line(parts)),
    warn: (...parts: unknown[]) => logger.warn(line(parts)),
    error: (...parts: unknown[]) => logger.error(line(parts)),
    setLevel: (next) => {
      level = next;
    },
    getLevel: () => level,
    setName: () => undefined,
  };
}
