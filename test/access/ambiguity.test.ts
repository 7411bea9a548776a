import { consoleConversations } from '../support/console-conversations.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatUser } from '../../src/core/chat-user.js';
import type { WireRecord } from '../../src/simulator/simulator-collections.js';
import { startBotHarness, type BotHarness } from '../support/bot-harness.js';

/*
 * Ambiguity fails closed, through the real dispatcher, worker and Redis: an email two adults share
 * links nobody, and a swimmer of unknown age is treated as a child.
 */

const conversations = consoleConversations();
let harness: BotHarness;
const shared = 'household@example.org';
let parent: WireRecord;
let coach: WireRecord;
let janesCoach: WireRecord;

type Ref = { Guid: string };
const guids = (value: unknown) => (value as Ref[]).map((ref) => ref.Guid);

beforeAll(async () => {
  harness = await startBotHarness({
    sinks: {
      console: conversations.sink,
    },
    env: { RATE_LIMIT_PER_MINUTE: '100000' },
  });
  const { admin } = harness.simulator;
  const users = admin.records('users');
  const sessions = admin.records('sessions').filter((session) => session.Archived !== 1);
  const jane = users.find((u) => u.Firstname === 'Jane' && u.Lastname === 'Smith') as WireRecord;
  const uniqueEmail = (user: WireRecord) =>
    users.filter((u) => u.Email === user.Email).length === 1;
  const janesSession = sessions.find((s) => guids(s.Members).includes(String(jane.Guid)));
  janesCoach = guids(janesSession?.Coaches ?? [])
    .map((guid) => users.find((u) => u.Guid === guid) as WireRecord)
    .find(uniqueEmail) as WireRecord;
  coach = users.find((u) => u.IsACoach === 1 && u !== janesCoach && uniqueEmail(u)) as WireRecord;
  parent = users.find((u) => u.IsAParent === 1 && u.IsACoach !== 1 && u.Active === 1) as WireRecord;
  // Before anything is cached: a parent and a coach share one address, and Jane's age and
  // parents are missing from her record (her parent's record still names her).
  admin.setRecords(
    'users',
    users.map((user) => {
      if (user === parent || user === coach) return { ...user, Email: shared };
      if (user === jane) return { ...user, DOB: '', Parents: [], Email: 'jane.own@example.org' };
      return user;
    }),
  );
});
afterAll(() => harness.stop());

const ask = (user: ChatUser, slash: string, text = '') =>
  conversations.ask(harness.dispatcher, user, slash, text);

describe('an email two adult members share', () => {
  const sharer: ChatUser = { platform: 'slack', userId: 'U-sharer', email: shared };

  it('when a person with that email asks for a roster, they are linked to nobody and refused, and told why and who can fix it', async () => {
    const asker = await harness.services.resolveAsker(sharer);
    expect(asker.memberGuid).toBeUndefined();
    expect(asker.roles).toEqual(['everyone']);
    const text = await ask(sharer, '/session', 'Tuesday');
    expect(text).toContain('Not available to you');
    expect(text).toContain('Your email is shared by several adult members');
    expect(text.split('\n').at(-1)!.length).toBeLessThan(200);
  });

  it('when they ask for /help, it says the same', async () => {
    expect(await ask(sharer, '/help')).toContain('belongs to more than one adult member');
  });

  it('when the coach is linked by an admin instead, the link decides', async () => {
    const user: ChatUser = { platform: 'slack', userId: 'U-linked-coach', email: shared };
    await harness.services.links.set(user, String(coach.Guid));
    const asker = await harness.services.resolveAsker(user);
    expect(asker.memberGuid).toBe(coach.Guid);
    expect(asker.roles).toContain('coach');
  });
});

describe('a swimmer with no date of birth and no parents on record', () => {
  it('when their coach looks them up, they are treated as under 18: their own email is not shown', async () => {
    const user: ChatUser = {
      platform: 'slack',
      userId: 'U-janes-coach',
      email: String(janesCoach.Email),
    };
    const text = await ask(user, '/member', 'Jane Smith');
    expect(text).toContain('Jane Smith');
    expect(text).not.toContain('jane.own@example.org');
    expect(text).toContain('No date of birth on record, so treated as under 18');
  });
});
