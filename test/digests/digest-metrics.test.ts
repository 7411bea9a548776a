import { describe, expect, it } from 'vitest';
import { createBotMetrics } from '../../src/ops/bot-metrics.js';

describe('the digests metric', () => {
  it('when digest occurrences finish, then clubbot_digests_total counts them by kind and outcome, apart from commands', async () => {
    const metrics = createBotMetrics();
    const finished = { name: 'digest' as const, id: 'k3f9q', durationMs: 5, answerMs: 9 };
    metrics.jobFinished({ ...finished, what: 'tonight', outcome: 'posted' });
    metrics.jobFinished({ ...finished, what: 'tonight', outcome: 'posted' });
    metrics.jobFinished({ ...finished, what: 'renewals', outcome: 'missed' });
    const text = await metrics.registry.metrics();
    expect(text).toContain('clubbot_digests_total{kind="tonight",outcome="posted"} 2');
    expect(text).toContain('clubbot_digests_total{kind="renewals",outcome="missed"} 1');
    expect(text).not.toMatch(/clubbot_commands_total\{[^}]*job="digest"/);
  });
});
