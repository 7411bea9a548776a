import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { consoleToLogger } from '../../src/app/console-to-logger.js';
import { createLogger } from '../../src/log.js';
import { startPrivateRedis } from '../../src/redis/private-redis-server.js';

describe('what libraries print with console, once the process logger has started', () => {
  it('when BullMQ meets a Redis that may evict keys, its IMPORTANT notice is a JSON warning line of the logger', async () => {
    const server = await startPrivateRedis();
    const admin = new Redis(server.url);
    await admin.config('SET', 'maxmemory-policy', 'allkeys-lru');
    const lines: string[] = [];
    const logger = createLogger(
      { level: 'info', role: 'worker' },
      {
        write: (line: string) => void lines.push(line),
      },
    );
    const restore = consoleToLogger(logger);
    const queue = new Queue('console-test', { connection: { path: server.url } });
    try {
      await queue.waitUntilReady();
    } finally {
      restore();
      await queue.close();
      await admin.quit();
      await server.stop();
    }
    const notices = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(notices).toContainEqual(
      expect.objectContaining({
        level: 40,
        role: 'worker',
        from: 'console',
        msg: 'IMPORTANT! Eviction policy is allkeys-lru. It should be "noeviction"',
      }),
    );
  });
});
