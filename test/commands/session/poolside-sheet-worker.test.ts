import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatUser } from '../../../src/core/chat-user.js';
import type { WireRecord } from '../../../src/club/wire-fields.js';
import { startBotHarness, type BotHarness } from '../../support/bot-harness.js';
import { consoleConversations } from '../../support/console-conversations.js';
import { consoleGrants } from '../../support/console-grants.js';

/*
 * The poolside sheet through the dispatcher, the queue and the worker, on real Redis and the
 * simulated club (120 members: the members collection is two pages).
 */
const conversations = consoleConversations();
let harness: BotHarness;

beforeAll(async () => {
  harness = await startBotHarness({
    sinks: { console: conversations.sink },
    policy: consoleGrants({
      'welfare-officer': ['welfare'],
      'head-coach': ['head-coach'],
      'deputy-welfare': ['welfare'],
    }),
  });
});
afterAll(() => harness?.stop());

/** Guids of a wire list, as `{ Guid }` objects or bare strings. */
const guidsOf = (value: unknown) =>
  (Array.isArray(value) ? value : []).map((entry: unknown) =>
    typeof entry === 'string' ? entry : String((entry as { Guid?: unknown }).Guid),
  );
const users = () => harness.simulator.admin.records('users');
const userOf = (guid: string) => users().find((user) => user.Guid === guid) as WireRecord;
const uniqueEmail = (user: WireRecord | undefined) =>
  typeof user?.Email === 'string' && users().filter((u) => u.Email === user.Email).length === 1;

/** A running session with a swimmer who has health notes, its coach, and a coach of another. */
function scene() {
  const sessions = harness.simulator.admin.records('sessions').filter((s) => s.Archived !== 1);
  const session = sessions.find(
    (s) =>
      guidsOf(s.Members).length >= 3 &&
      guidsOf(s.Members).some((guid) => typeof userOf(guid).Allergies === 'string') &&
      guidsOf(s.Coaches).some((guid) => uniqueEmail(userOf(guid))),
  );
  if (!session) throw new Error('the seeded club has no session this test needs');
  const coach = userOf(guidsOf(session.Coaches).find((guid) => uniqueEmail(userOf(guid)))!);
  const otherCoach = sessions
    .flatMap((s) => guidsOf(s.Coaches))
    .map(userOf)
    .find(
      (user) =>
        uniqueEmail(user) &&
        !guidsOf(session.Coaches).includes(String(user.Guid)) &&
        !guidsOf(session.Members).includes(String(user.Guid)),
    );
  const swimmer = guidsOf(session.Members)
    .map(userOf)
    .find((user) => typeof user.Allergies === 'string')!;
  const parent = userOf(guidsOf(swimmer.Parents ?? [])[0] ?? '');
  const when = [session.WeekDay, session.StartTime, session.SessionName].join(' ');
  return { session, when, coach, otherCoach, swimmer, parent };
}

const person = (userId: string, email?: unknown): ChatUser => ({
  platform: 'console',
  userId,
  ...(typeof email === 'string' ? { email } : {}),
});
const ask = (user: ChatUser, text: string) =>
  conversations.ask(harness.dispatcher, user, '/session', text);
const calls = () => harness.simulator.admin.calls().total;

describe('the poolside sheet through the worker', () => {
  it('when a coach of the session asks, then they see the headcount, the allergy and the first emergency contact, audited per swimmer shown', async () => {
    const { session, when, coach, swimmer } = scene();
    const coachUser = person('sheet-coach', coach.Email);
    expect(await ask(coachUser, when)).toContain(String(session.SessionName));
    const sheet = await ask(coachUser, `${when} sheet`);
    expect(sheet).toContain(`Poolside sheet: ${String(session.SessionName)}`);
    expect(sheet).toContain(`Headcount: ${guidsOf(session.Members).length} swimmers`);
    expect(sheet).toContain(`allergy: ${String(swimmer.Allergies)}`);
    expect(sheet).toContain(String(swimmer.EmergencyContactPhone1));
    expect(sheet).toContain('not stored');
    const [entry] = await harness.services.audit.read({ member: String(swimmer.Guid) });
    expect(entry).toMatchObject({ askedBy: 'console:sheet-coach', command: 'session' });
    expect(entry?.fieldGroups).toEqual(['health', 'emergency-contacts']);
  });

  it('when the head coach or the welfare officer asks, then they see the sheet', async () => {
    const { session, when, swimmer } = scene();
    for (const userId of ['head-coach', 'welfare-officer']) {
      const sheet = await ask(person(userId), `${when} sheet`);
      expect(sheet).toContain(`Poolside sheet: ${String(session.SessionName)}`);
      expect(sheet).toContain(String(swimmer.Allergies));
    }
  });

  it('when a coach of another session asks, then they are refused, told who may see it and whom to ask', async () => {
    const { when, otherCoach, swimmer } = scene();
    const refused = await ask(person('other-coach', otherCoach?.Email), `${when} sheet`);
    expect(refused).toContain('A poolside sheet is for the coaches of that session');
    expect(refused).toMatch(/Ask \w+/);
    expect(refused).not.toContain(String(swimmer.Allergies));
  });

  it('when a parent asks, then /session is refused as /member details is, naming who can help', async () => {
    const { when, parent, swimmer } = scene();
    const refused = await ask(person('a-parent', parent.Email), `${when} sheet`);
    expect(refused).toContain('can use /session');
    expect(refused).not.toContain(String(swimmer.Allergies));
  });

  it('when a sheet is read, then it costs at most the fewer of the members pages and the roster, and a second look within a minute costs none', async () => {
    const { session, when } = scene();
    const welfare = person('deputy-welfare');
    await ask(welfare, when);
    const before = calls();
    const first = await ask(welfare, `${when} sheet`);
    const pages = Math.ceil(users().length / 100);
    expect(calls() - before).toBeGreaterThan(0);
    expect(calls() - before).toBeLessThanOrEqual(Math.min(pages, guidsOf(session.Members).length));
    const again = calls();
    expect(await ask(welfare, `${when} sheet`)).toBe(first);
    expect(calls()).toBe(again);
  });
});
