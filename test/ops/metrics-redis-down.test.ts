import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { createClubServices } from '../../src/app/club-services.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/log.js';
import { createBotMetrics } from '../../src/ops/bot-metrics.js';
import { testDataKey } from '../support/data-key.js';

describe('/metrics when Redis does not answer', () => {
  it('answers within a second: the gauges read from Redis are left out (NaN without labels), the process’s own metrics are there', async () => {
    // Commands wait for a connection that never comes, as they do while Redis is down.
    const redis = new Redis(join(tmpdir(), 'no-redis-here', 'redis.sock'), {
      lazyConnect: true,
      maxRetriesPerRequest: null,
      retryStrategy: () => 1_000,
    });
    redis.on('error', () => undefined);
    const services = createClubServices({
      config: loadConfig({
        CLUB_API_URL: 'http://127.0.0.1:9',
        CLUB_API_TOKEN: 'metrics-token',
        REDIS_URL: 'unused',
        CLUB_DATA_KEY: testDataKey,
      }),
      logger: createLogger({ level: 'silent' }),
      connections: { redis, queueConnection: redis },
      keyTracking: false,
    });
    const metrics = createBotMetrics();
    metrics.observe(services);
    try {
      const started = performance.now();
      const text = await metrics.registry.metrics();
      expect(performance.now() - started).toBeLessThan(1_000);
      expect(text).toMatch(/^clubbot_outbox_replies nan$/im);
      expect(text).toMatch(/^clubbot_queue_oldest_waiting_seconds nan$/im);
      expect(text).not.toMatch(/^clubbot_queue_jobs\{/m);
      expect(text).not.toMatch(/^clubbot_budget_calls\{/m);
      expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    } finally {
      redis.disconnect();
    }
  });
});
