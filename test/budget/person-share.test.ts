import { waitFor } from '../support/wait-for.js';
import { consoleConversations } from '../support/console-conversations.js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAccessPolicy } from '../../src/access/access-policy.js';
import type { ChatUser } from '../../src/core/chat-user.js';
import { replyToPlainText } from '../../src/core/reply.js';
import { startBotHarness, type BotHarness } from '../support/bot-harness.js';

/*
 * A daily limit of 250 and the default share of 2%: each person may spend 5 club calls a day on
 * what the cache cannot answer, and (set here) file 2 forms.
 */
let harness: BotHarness;
const conversations = consoleConversations();
/** Two officers granted welfare by the policy, each linked to an adult member by e-mail. */
const officers: Record<string, ChatUser> = {};
const welfare = (userId: string): ChatUser => officers[userId]!;

beforeAll(async () => {
  harness = await startBotHarness({
    env: { CLUB_DAILY_LIMIT: '250', CLUB_PERSON_DAILY_FORMS: '2' },
    policy: {
      ...defaultAccessPolicy,
      grant: [
        { platform: 'console', user: 'first-officer', roles: ['welfare'] },
        { platform: 'console', user: 'second-officer', roles: ['welfare'] },
      ],
    },
    sinks: { console: conversations.sink },
  });
  // Members and roles in the cache, as on any working day.
  const members = (await harness.services.data.members()).value;
  await harness.services.data.roles();
  await harness.services.data.sessions();
  const adults = members.filter(
    (member) =>
      member.active &&
      member.isVolunteer &&
      member.email &&
      members.filter((other) => other.email === member.email).length === 1,
  );
  for (const [index, userId] of ['first-officer', 'second-officer'].entries()) {
    officers[userId] = { platform: 'console', userId, email: adults[index]?.email };
  }
});
afterAll(() => harness?.stop());

const ask = (user: ChatUser, slash: string, text: string) =>
  conversations.ask(harness.dispatcher, user, slash, text);

const calls = () => harness.simulator.admin.calls().total;

describe("a person's fair share of the club's daily budget", () => {
  it('when one person has spent their share on confidential reads, they are told when they can ask again, and someone else still gets answers', async () => {
    const guids = harness.simulator.admin
      .records('users')
      .slice(0, 7)
      .map((user) => String(user.Guid));
    const first = welfare('first-officer');
    for (const guid of guids.slice(0, 5)) {
      const before = calls();
      expect(await ask(first, '/member', `details ${guid}`)).not.toContain('share');
      expect(calls()).toBe(before + 1);
    }
    const spentAt = calls();
    const refused = await ask(first, '/member', `details ${guids[5]}`);
    expect(refused).toContain('Your share for today is used up');
    expect(refused).toMatch(/ask for fresh data again from \w{3} \d{2}:\d{2}/);
    expect(calls()).toBe(spentAt);

    expect(await ask(welfare('second-officer'), '/member', `details ${guids[6]}`)).not.toContain(
      'share',
    );
    expect(calls()).toBe(spentAt + 1);
  });

  it('when the same person asks for the same member again within a minute, it is answered without a club call', async () => {
    const guid = String(harness.simulator.admin.records('users')[10]?.Guid);
    const second = welfare('second-officer');
    const first = await ask(second, '/member', `details ${guid}`);
    const before = calls();
    expect(await ask(second, '/member', `details ${guid}`)).toBe(first);
    expect(calls()).toBe(before);
  });

  it('when a person has filed their share of forms for the day, the next is refused and their text comes back', async () => {
    const reporter = welfare('first-officer');
    const file = async (title: string) => fileIncident(reporter, title);
    expect(await file('First report')).toContain('Incident filed');
    expect(await file('Second report')).toContain('Incident filed');
    const third = await file('Third report');
    expect(third).toContain('filed the most forms one person may file in a day');
    expect(third).toContain('Details of Third report');
    const titles = harness.simulator.admin
      .records('incidents')
      .map((record) => record.IncidentTitle);
    expect(titles).not.toContain('Third report');
  });

  it('when the service fails a filing twice before taking it, the retries cost the person one form of their share', async () => {
    const reporter = welfare('second-officer');
    harness.simulator.admin.setFaults({
      errorRate: 1,
      paths: ['POST /api/IncidentBook', 'POST /IncidentBook'],
    });
    // Each attempt posts once; the service answers the first two with a 5xx, then takes it.
    const failedPosts = () =>
      harness.simulator.admin
        .calls()
        .calls.filter((call) => call.method === 'POST' && call.status >= 500)
        .reduce((sum, call) => sum + call.count, 0);
    const before = failedPosts();
    try {
      const filed = fileIncident(reporter, 'Stormy report');
      await waitFor(() => failedPosts() >= before + 2, 'two failed attempts');
      harness.simulator.admin.setFaults({ errorRate: 0 });
      expect(await filed).toContain('Incident filed');
    } finally {
      harness.simulator.admin.setFaults({ errorRate: 0, paths: [] });
    }
    expect(failedPosts()).toBe(before + 2);
    // Three attempts, one unit: one more form fits in the share of 2, and then no more.
    expect(await fileIncident(reporter, 'Calm report')).toContain('Incident filed');
    expect(await fileIncident(reporter, 'One too many')).toContain(
      'filed the most forms one person may file in a day',
    );
  });
});

/** Files an incident as `reporter` and waits for what they are told. */
async function fileIncident(reporter: ChatUser, title: string): Promise<string> {
  const id = randomUUID();
  const submitted = await harness.dispatcher.submitForm(
    {
      id,
      key: id,
      form: 'incident',
      values: { title, date: '2026-03-14', status: 'Open', details: `Details of ${title}` },
    },
    reporter,
    { platform: 'console', conversationId: id },
  );
  expect(submitted).toMatchObject({ kind: 'queued' });
  return replyToPlainText(await conversations.answerTo(id));
}
