import { unusedPort } from '../support/unused-port.js';
import { afterEach, describe, expect, it } from 'vitest';
import {
  formJobId,
  jobOptions,
  type FormSubmission,
  jobDataAt,
} from '../../src/jobs/club-queue.js';
import { waitFor } from '../support/wait-for.js';
import { startOpsFixture, type OpsFixture } from './ops-fixture.js';

const user = 'ops-admin';
const password = 'a long ops password';
const basic = (name: string, secret: string) => ({
  Authorization: `Basic ${Buffer.from(`${name}:${secret}`).toString('base64')}`,
});

/** What a person typed and who they are: none of it may reach the board in clear. */
const personal = {
  name: 'Philippa Quenby-Oduya',
  email: 'philippa.quenby@example.org',
  text: 'Tomasz Wieczorek-Hale slipped by the shallow end and cut his knee',
};

let ops: OpsFixture | undefined;
afterEach(async () => {
  await ops?.stop();
  ops = undefined;
});

/** An incident report whose last attempt failed: the club service could not be reached. */
async function failedForm(fixture: OpsFixture): Promise<string> {
  const submission: FormSubmission = {
    id: 'board-1',
    key: 'board-submission-1',
    form: 'incident',
    values: { what: personal.text, who: personal.name, contact: personal.email },
    user: { platform: 'slack', userId: 'UBOARD', teamId: 'T1', email: personal.email },
    replyTo: { platform: 'slack', userId: 'UBOARD', channelId: 'CBOARD', issuedAt: Date.now() },
    receivedAt: Date.now(),
  } as FormSubmission;
  const { services } = fixture;
  const id = formJobId(submission.key);
  await services.queue.queue.add(
    'form',
    {
      sealed: services.sealer.sealJson(
        { submission },
        jobDataAt(services.queue.queue.qualifiedName, 'form'),
      ),
    },
    { ...jobOptions.form, jobId: id, attempts: 1 },
  );
  await fixture.ringJobs();
  await waitFor(async () => (await services.queue.queue.getJobState(id)) === 'failed', 'a failure');
  return id;
}

describe('Bull Board at /jobs on the ops port', () => {
  it('without credentials it answers 401 asking for basic auth, and with a wrong password 401 too', async () => {
    ops = await startOpsFixture({ worker: false, opsUser: user, opsPassword: password });
    const bare = await ops.get('/jobs');
    expect(bare.status).toBe(401);
    expect(bare.headers.get('www-authenticate')).toMatch(/^Basic realm=/);
    expect((await ops.get('/jobs/api/queues', basic(user, 'not the password'))).status).toBe(401);
    expect((await ops.get('/jobs/api/queues', basic('someone', password))).status).toBe(401);
  });

  it('with the credentials it lists the club’s queue and a failed form job, with nothing personal in clear', async () => {
    ops = await startOpsFixture({
      opsUser: user,
      opsPassword: password,
      clubUrl: `http://127.0.0.1:${await unusedPort()}`,
    });
    const id = await failedForm(ops);
    const page = await ops.get('/jobs', basic(user, password));
    expect(page.status).toBe(200);
    expect(page.text).toContain('<html');
    const { status, json, text } = await ops.get(
      '/jobs/api/queues?activeQueue=club-bot&status=failed&page=1',
      basic(user, password),
    );
    expect(status).toBe(200);
    const queues = (json as { queues: { name: string; jobs: Record<string, unknown>[] }[] }).queues;
    expect(queues.map((queue) => queue.name)).toEqual(['club-bot']);
    const [job] = queues[0]!.jobs;
    expect(job).toMatchObject({ id, name: 'form' });
    expect(String(job!.failedReason)).toMatch(/could not be reached/);
    expect(JSON.stringify(job!.data)).toMatch(/^\{"sealed":"[^"]+"\}$/);
    for (const value of [...Object.values(personal), 'Philippa', 'Wieczorek', 'UBOARD']) {
      expect(text).not.toContain(value);
    }
    // The single job's own page says no more.
    const one = await ops.get(`/jobs/api/queues/club-bot/${id}`, basic(user, password));
    expect(one.status).toBe(200);
    expect(one.text).toContain(id);
    for (const value of Object.values(personal)) expect(one.text).not.toContain(value);
  });

  it('without OPS_USER and OPS_PASSWORD the board is off: /jobs is 404', async () => {
    ops = await startOpsFixture({ worker: false, opsUser: user });
    expect((await ops.get('/jobs', basic(user, ''))).status).toBe(404);
    expect((await ops.get('/jobs/api/queues')).status).toBe(404);
  });
});
