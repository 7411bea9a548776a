import { describe, expect, it } from 'vitest';
import { watchEventLoop } from '../../src/ops/event-loop-turns.js';
import { waitFor } from '../support/wait-for.js';

describe('watchEventLoop', () => {
  it('when the event loop is blocked longer than the limit, it says so, still at the first turn after (a probe that waited behind the block), and is fine once the loop turns on time', async () => {
    const watch = watchEventLoop({ intervalMs: 50, maxLagMs: 200 });
    try {
      expect(watch.part()).toEqual({ ok: true, detail: 'turning' });
      const until = Date.now() + 400;
      while (Date.now() < until) {
        // Blocks the loop, as a runaway synchronous task would.
      }
      expect(watch.part().ok).toBe(false);
      expect(watch.part().detail).toMatch(/^the event loop has not turned for \d+ s$/);
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(watch.part().ok).toBe(false);
      await waitFor(() => watch.part().ok, 'a turn on time');
      expect(watch.part()).toEqual({ ok: true, detail: 'turning' });
    } finally {
      watch.stop();
    }
  });
});
