import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FormId } from '../../src/core/form.js';
import { reportFigures } from './support/figures.js';
import { startStack } from './support/stack.js';
import { until } from './support/until.js';
import { startWorkerProcess } from './support/worker-processes.js';

/** A form of issue #44, the call that files it, and how its record is found in the simulator. */
interface NewForm {
  form: Extract<FormId, 'emaillist' | 'event'>;
  post: string;
  collection: 'emailLists' | 'events';
  field: 'ListName' | 'EventTitle';
  values(marker: string): Record<string, string>;
}

const newForms: [string, NewForm][] = [
  [
    'an email list',
    {
      form: 'emaillist',
      post: 'POST /api/EmailLists',
      collection: 'emailLists',
      field: 'ListName',
      values: (marker) => ({ source: 'Friday Minnows', name: marker }),
    },
  ],
  [
    'a club event',
    {
      form: 'event',
      post: 'POST /api/ClubEvents',
      collection: 'events',
      field: 'EventTitle',
      values: (marker) => ({ title: marker, when: '14/03/2030 09:00-17:00', fee: '5' }),
    },
  ],
];

describe('scenario 1c: a worker killed while it files an email list or a club event', () => {
  it.each(newForms)(
    'when the service has filed %s but the worker dies before hearing so, the next worker finds it and files nothing twice',
    async (_what, spec) => {
      // Every POST is carried out and then never answered: the answer is lost, the ambiguous case.
      const run = await startStack({
        name: `new-${spec.form}`,
        simulator: { faults: { hangRate: 1, commitBeforeError: true, paths: [spec.post] } },
        config: { CLUB_API_TIMEOUT_MS: '20000' },
      });
      const env = { ...run.env, TEST_LOCK_MS: '1000', TEST_STALLED_MS: '300' };
      const first = await startWorkerProcess(env, `new-${spec.form}-worker-0`);
      const marker = `Crash ${spec.form} ${randomUUID().slice(0, 8)}`;
      const id = randomUUID();
      const user = { platform: 'console' as const, userId: 'admin-tester' };
      const submitted = await run.dispatcher.submitForm(
        { id, key: `console:${id}`, form: spec.form, values: spec.values(marker) },
        user,
        { platform: 'console', conversationId: id },
      );
      expect(submitted.kind).toBe('queued');
      const filed = () =>
        run.simulator.admin
          .records(spec.collection)
          .filter((record) => record[spec.field] === marker).length;
      // Killed once the service holds the record, its answer still on the way.
      await until(() => filed() > 0, 'the service to hold the record', 20_000, 10);
      await first.stop('SIGKILL');
      const killedAt = Date.now();
      await startWorkerProcess(env, `new-${spec.form}-worker-1`);
      const answers = async () =>
        (await run.replies()).filter((reply) => reply.conversationId === id);
      await until(
        async () => (await answers()).some((reply) => !reply.interim),
        'the confirmation',
        40_000,
      );
      const [method, path] = spec.post.split(' ');
      const posts = run.simulator.admin
        .calls()
        .calls.filter((call) => call.method === method && call.path === path)
        .reduce((sum, call) => sum + call.count, 0);
      const finals = (await answers()).filter((reply) => !reply.interim);
      reportFigures(`1c ${spec.form} filed once after a crash`, {
        confirmedAfterMs: Date.now() - killedAt,
        filed: filed(),
        posts,
        answers: finals.length,
      });
      expect(filed()).toBe(1);
      // Only the killed worker's POST: its successor found the record rather than post again.
      expect(posts).toBe(1);
      expect(finals).toHaveLength(1);
      expect(finals[0]?.text).toMatch(/Email list saved|Event added/);
      expect(finals[0]?.text).not.toContain('@');
    },
    90_000,
  );
});
