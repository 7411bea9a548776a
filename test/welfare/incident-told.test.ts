import { randomUUID } from 'node:crypto';
import { Job } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clubWorkerOptions } from '../../src/hosting/club-worker-options.js';
import type { ChatUser } from '../../src/core/chat-user.js';
import { replyToPlainText, type Reply } from '../../src/core/reply.js';
import type { ReplyAddress } from '../../src/delivery/reply-address.js';
import { createReplyOutbox } from '../../src/delivery/reply-outbox.js';
import { createJobProcessor, type AnyJob } from '../../src/jobs/create-worker.js';
import { fileSubmission } from '../../src/jobs/file-submission.js';
import { jobDataAt, type FormSubmission } from '../../src/jobs/club-queue.js';
import { createLogger } from '../../src/log.js';
import type { WireRecord } from '../../src/simulator/simulator-collections.js';
import { harnessTimezone, startBotHarness, type BotHarness } from '../support/bot-harness.js';
import { consoleConversations } from '../support/console-conversations.js';
import { waitFor } from '../support/wait-for.js';

/*
 * Incidents reach the welfare officer at once: through the real dispatcher, worker, outbox and
 * deliverer on Redis, against the seeded club; Discord and Slack are fakes that keep each post.
 */

const conversations = consoleConversations();
const posts: { address: ReplyAddress; reply: Reply }[] = [];
const keep = {
  deliver: async (address: ReplyAddress, reply: Reply) => void posts.push({ address, reply }),
};
let harness: BotHarness;
let welfare: WireRecord;
let reporter: ChatUser;
let reporterName: string;

const welfareDiscord: ChatUser = { platform: 'discord', userId: '700000000000000001' };
const coachDiscord: ChatUser = { platform: 'discord', userId: '700000000000000002' };
const name = (user: WireRecord) =>
  `${String(user.KnownAs || user.Firstname)} ${String(user.Lastname)}`;

beforeAll(async () => {
  harness = await startBotHarness({
    sinks: {
      console: {
        async deliver(address, reply) {
          await keep.deliver(address, reply);
          await conversations.sink.deliver(address, reply);
        },
      },
      discord: keep,
      slack: keep,
    },
    env: { RATE_LIMIT_PER_MINUTE: '100000' },
  });
  const users = harness.simulator.admin.records('users');
  const role = harness.simulator.admin
    .records('roles')
    .find((r) => r.RoleName === 'Welfare Officer');
  const [welfareGuid] = (role?.Members as { Guid: string }[]).map((ref) => ref.Guid);
  welfare = users.find((user) => user.Guid === welfareGuid) as WireRecord;
  const coaches = users.filter(
    (user) =>
      user.Active !== 0 &&
      user.IsACoach === 1 &&
      user.Guid !== welfareGuid &&
      users.filter((other) => other.Email === user.Email).length === 1,
  );
  const [own, other] = coaches as [WireRecord, WireRecord];
  reporter = { platform: 'console', userId: 'reporter', email: String(own.Email) };
  reporterName = name(own);
  // A coach linked in Discord is known to the bot but holds no welfare role: never told.
  await harness.services.links.set(coachDiscord, String(other.Guid));
});
afterAll(() => harness.stop());

function incident(title: string, key = randomUUID()): FormSubmission {
  return {
    id: key,
    key,
    form: 'incident',
    values: {
      title,
      date: '2026-11-20',
      details: 'Seen from the gallery: a private detail.',
      // Asked of a person the adapter could not yet link (a cold cache); the worker links them.
      reporter: 'Rae Porter',
      proposedAction: '',
    },
    user: reporter,
    replyTo: { platform: 'console', conversationId: key },
    receivedAt: Date.now(),
  };
}

async function file(title: string): Promise<{ key: string; answer: string }> {
  const { key, values } = incident(title);
  const result = await harness.dispatcher.submitForm(
    { id: key, key, form: 'incident', values },
    reporter,
    { platform: 'console', conversationId: key },
  );
  expect(result).toMatchObject({ kind: 'queued' });
  return { key, answer: replyToPlainText(await conversations.answerTo(key)) };
}

const outboxEmpty = async () =>
  (await createReplyOutbox(
    harness.services.redis,
    harness.services.prefix,
    harness.services.sealer,
  ).pending()) === 0;

/** The direct messages about an incident, once every reply left in the outbox is delivered. */
async function noticesOf(title: string) {
  await waitFor(outboxEmpty, 'every notice to be delivered');
  return posts.filter(
    ({ address, reply }) =>
      address.platform === 'post' &&
      address.post === 'dm' &&
      replyToPlainText(reply).includes(title),
  );
}

const refOf = (title: string) =>
  String(
    harness.simulator.admin.records('incidents').find((record) => record.IncidentTitle === title)
      ?.Guid,
  ).slice(0, 8);

describe('an incident filed reaches the welfare officers at once', () => {
  it('when no welfare officer is known to the bot, the reporter is told nobody was told and whom to tell', async () => {
    const { answer } = await file('Nobody to tell yet');
    expect(answer).toContain('Incident filed');
    expect(answer).toContain('nobody was told by message');
    // Whom to tell instead, by name from who's who.
    expect(answer).toContain(`please tell the club's welfare officer (${name(welfare)}`);
    expect(answer).not.toContain('will see it');
    expect(await noticesOf('Nobody to tell yet')).toEqual([]);
  });

  it('when the welfare officer is linked in Discord, they get one direct message with its reference, title, date and reporter, and no details', async () => {
    await harness.services.links.set(welfareDiscord, String(welfare.Guid));
    const { answer } = await file('Slip by the steps');
    expect(answer).toContain(`The welfare officer was told at once: ${name(welfare)}.`);
    const notices = await noticesOf('Slip by the steps');
    expect(notices.map(({ address }) => address)).toEqual([
      { platform: 'post', on: 'discord', post: 'dm', to: welfareDiscord.userId },
    ]);
    const text = replyToPlainText(notices[0]!.reply);
    expect(text).toContain('New incident reported');
    expect(text).toContain(refOf('Slip by the steps'));
    expect(text).toContain('Fri 20 Nov');
    expect(text).toContain(`Reported by: ${reporterName}`);
    expect(text).toContain(`/incident show ${refOf('Slip by the steps')}`);
    expect(text).not.toContain('private detail');
  });

  it('when a welfare officer has used /incident list in Slack, they are told there too', async () => {
    const slackWelfare: ChatUser = {
      platform: 'slack',
      userId: 'UWELFARE',
      teamId: 'T1',
      email: String(welfare.Email),
    };
    expect(await conversations.ask(harness.dispatcher, slackWelfare, '/incident', 'list')).toMatch(
      /incidents/i,
    );
    await file('Lost locker key');
    const notices = await noticesOf('Lost locker key');
    expect(notices.map(({ address }) => address.platform === 'post' && address.on).sort()).toEqual([
      'discord',
      'slack',
    ]);
  });
});

describe('an incident identical to one already in the book', () => {
  it('when a second, new submission matches a filed report exactly, then nothing is filed, the person is told so with their text back, and nobody is told again', async () => {
    const first = await file('Twice the same words');
    expect(first.answer).toContain('Incident filed');
    const told = (await noticesOf('Twice the same words')).length;
    const second = await file('Twice the same words');
    expect(second.answer).not.toContain('Incident filed');
    expect(second.answer).toContain(
      `An identical entry (${refOf('Twice the same words')}) is already in the incident book, so nothing new was filed.`,
    );
    expect(second.answer).toContain('add a detail that tells it apart');
    expect(second.answer).toContain('Seen from the gallery: a private detail.');
    expect(await noticesOf('Twice the same words')).toHaveLength(told);
    const filed = harness.simulator.admin
      .records('incidents')
      .filter((record) => record.IncidentTitle === 'Twice the same words');
    expect(filed).toHaveLength(1);
  });
});

describe('/incident mine', () => {
  it('shows the reporter the title, date and status of what they filed, and nothing else', async () => {
    await file('Goggles strap snapped');
    // The list is re-read after a filing; the refresh may land a moment after the answer.
    const mine = await waitFor(async () => {
      const text = await conversations.ask(harness.dispatcher, reporter, '/incident', 'mine');
      return text.includes('Goggles strap snapped') && text;
    }, 'the new report in /incident mine');
    expect(mine).toContain('Your incident reports');
    expect(mine).toContain('Goggles strap snapped');
    expect(mine).toContain('Fri 20 Nov');
    expect(mine).toContain('Open');
    expect(mine).not.toContain('private detail');
    expect(mine).not.toContain(reporterName);
    // Another person's report is not theirs.
    const others = harness.simulator.admin
      .records('incidents')
      .filter(
        (record) =>
          !(record.AddedBy as { Guid: string }[]).some((by) => by.Guid === reporterGuid()),
      );
    for (const record of others.slice(0, 5))
      expect(mine).not.toContain(String(record.IncidentTitle));
  });

  it('tells a person who is not linked that the bot cannot tell which reports are theirs', async () => {
    const stranger: ChatUser = { platform: 'console', userId: 'stranger' };
    expect(await conversations.ask(harness.dispatcher, stranger, '/incident', 'mine')).toContain(
      'not linked to a club member',
    );
  });
});

const reporterGuid = () =>
  String(
    harness.simulator.admin.records('users').find((user) => user.Email === reporter.email)?.Guid,
  );

describe('told exactly once, whatever happens to the worker', () => {
  const logger = createLogger({ level: 'silent' });
  const filingDeps = () => ({
    policy: harness.services.policy,
    resolveAsker: harness.services.resolveAsker,
    data: harness.services.data,
    api: harness.services.apiFor('write'),
    filer: harness.services.filer,
    spendForm: async () => undefined,
    refresh: (collection: 'incidents') => harness.services.cache.invalidate(collection),
    timezone: harnessTimezone,
    now: () => new Date(),
  });
  const job = (submission: FormSubmission): AnyJob =>
    new Job(
      harness.services.queue.queue,
      'form',
      {
        sealed: harness.services.sealer.sealJson(
          { submission },
          jobDataAt(harness.services.queue.queue.qualifiedName, 'form'),
        ),
      },
      { attempts: 16 },
      `form-${submission.key}`,
    ) as AnyJob;

  it('when the worker dies after filing and before telling, the job run again files nothing more and tells the welfare officer once', async () => {
    const submission = incident('Died before telling');
    const options = clubWorkerOptions({
      services: harness.services,
      logger,
      timezone: harnessTimezone,
    });
    // The first attempt files, then stops for good where the telling would be (the worker died).
    let fileDone = false;
    void fileSubmission(submission, {
      ...filingDeps(),
      refresh: async (collection) => {
        await harness.services.cache.invalidate(collection);
        fileDone = true;
      },
      tellWelfare: () => new Promise<never>(() => undefined),
    });
    await waitFor(() => fileDone, 'the first attempt to file the incident');
    const process = createJobProcessor(options);
    expect(await process(job(submission))).toEqual({ outcome: 'already-filed' });
    const answer = replyToPlainText(await conversations.answerTo(submission.key));
    expect(answer).toContain(`The welfare officer was told at once: ${name(welfare)}`);
    const filed = harness.simulator.admin
      .records('incidents')
      .filter((record) => record.IncidentTitle === 'Died before telling');
    expect(filed).toHaveLength(1);
    expect(await noticesOf('Died before telling')).toHaveLength(2); // Discord and Slack, once each
  });

  it('when telling the welfare officers fails after filing, then the job still answers that it is filed, and whom to tell instead', async () => {
    const submission = incident('Telling failed');
    const reply = await fileSubmission(submission, {
      ...filingDeps(),
      tellWelfare: () => Promise.reject(new Error('Discord is down')),
    });
    expect(reply.outcome).toBe('filed');
    const answer = replyToPlainText(reply.reply);
    expect(answer).toContain('Incident filed');
    expect(answer).toContain(
      `The bot could not message the welfare officers just now: please tell the club's welfare officer (${name(welfare)}`,
    );
    expect(answer).not.toContain('something went wrong');
  });

  it('when the worker dies after telling and answering, before the job is marked done, the job run again tells nobody twice', async () => {
    const submission = incident('Died after telling');
    const process = createJobProcessor(
      clubWorkerOptions({ services: harness.services, logger, timezone: harnessTimezone }),
    );
    expect(await process(job(submission))).toEqual({ outcome: 'filed' });
    expect(await process(job(submission))).toEqual({ outcome: 'already-filed' });
    expect(await noticesOf('Died after telling')).toHaveLength(2);
    const answers = posts.filter(
      ({ address }) => address.platform === 'console' && address.conversationId === submission.key,
    );
    expect(answers.map(({ reply }) => reply.title)).toEqual(['Incident filed']);
  });
});
