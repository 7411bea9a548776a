import { consoleConversations } from '../support/console-conversations.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatUser } from '../../src/core/chat-user.js';
import type { WireRecord } from '../../src/simulator/simulator-collections.js';
import { startBotHarness, type BotHarness } from '../support/bot-harness.js';

/*
 * Least privilege with zero configuration, through the real dispatcher, worker and Redis, against
 * a seeded club of 1000 (big enough for a Vice Chair, a Gala Secretary and an Open Water Secretary).
 */

const conversations = consoleConversations();
let harness: BotHarness;
let users: WireRecord[];
let sessions: WireRecord[];

type Ref = { Guid: string };
const guids = (value: unknown) => (value as Ref[]).map((ref) => ref.Guid);
const fullName = (user: WireRecord) => `${String(user.Firstname)} ${String(user.Lastname)}`;
const userByGuid = (guid: string) => users.find((user) => user.Guid === guid) as WireRecord;
const slackUser = (user: WireRecord): ChatUser => ({
  platform: 'slack',
  userId: `U-${String(user.Guid)}`,
  email: String(user.Email),
});
const holderOf = (roleName: string): WireRecord => {
  const role = harness.simulator.admin.records('roles').find((r) => r.RoleName === roleName);
  const [guid] = guids(role?.Members ?? []);
  if (!guid) throw new Error(`nobody holds ${roleName} in the seeded club`);
  return userByGuid(guid);
};
const current = () => sessions.filter((session) => session.Archived !== 1);
const coachesOf = (session: WireRecord) => guids(session.Coaches);
const swimmersOf = (session: WireRecord) => guids(session.Members);

beforeAll(async () => {
  harness = await startBotHarness({
    simulator: { members: 1000 },
    sinks: {
      console: conversations.sink,
    },
    env: { RATE_LIMIT_PER_MINUTE: '100000' },
  });
  users = harness.simulator.admin.records('users');
  sessions = harness.simulator.admin.records('sessions');
});
afterAll(() => harness.stop());

/** Runs a command as `user` and gives the plain text of the answer, refused at once or later. */
const ask = (user: ChatUser, slash: string, text = '') =>
  conversations.ask(harness.dispatcher, user, slash, text);

/** The person as the worker decides them: linked to their own record, with these roles. */
async function linked(user: WireRecord) {
  const asker = await harness.services.resolveAsker(slackUser(user));
  expect(asker.memberGuid).toBe(user.Guid);
  return asker;
}

describe('roles come from whole club role names', () => {
  it.each(['Gala Secretary', 'Vice Chair', 'Open Water Secretary'])(
    'when the %s asks for /audit, /member details or /quota, they are refused',
    async (roleName) => {
      const holder = holderOf(roleName);
      expect((await linked(holder)).roles).not.toContain('admin');
      const coach = users.find((user) => user.IsACoach === 1) as WireRecord;
      expect(await ask(slackUser(holder), '/audit')).toContain('Only the welfare officer can use');
      expect(await ask(slackUser(holder), '/member', `details ${fullName(coach)}`)).toContain(
        'Not available to you',
      );
      expect(await ask(slackUser(holder), '/quota')).toContain('Not available to you');
    },
  );

  it('when the Chair asks for /quota it is answered, and /audit is refused', async () => {
    const chair = holderOf('Chair');
    expect((await linked(chair)).roles).toContain('admin');
    expect(await ask(slackUser(chair), '/quota')).not.toContain('Not available to you');
    expect(await ask(slackUser(chair), '/audit')).toContain('Only the welfare officer can use');
  });

  it('when the welfare officer asks for a coach’s details, DBS is shown; when the Chair asks, it is refused', async () => {
    const welfare = holderOf('Welfare Officer');
    const coach = users.find((user) => user.IsACoach === 1 && user.DBSCertificateNumber);
    if (!coach) throw new Error('no coach with a DBS certificate in the seeded club');
    const shown = await ask(slackUser(welfare), '/member', `details ${String(coach.Guid)}`);
    expect(shown).toContain(String(coach.DBSCertificateNumber));
    const chair = await ask(slackUser(holderOf('Chair')), '/member', `details ${fullName(coach)}`);
    expect(chair).not.toContain(String(coach.DBSCertificateNumber));
  });

  it('when the welfare officer asks for /audit, it is answered', async () => {
    expect(await ask(slackUser(holderOf('Welfare Officer')), '/audit')).toContain('Audit trail');
  });
});

describe('rosters: a coach sees the sessions they coach', () => {
  /** A coach, a weekday they coach on, and a session that day coached only by others. */
  function coachWithOthersOnTheirDay() {
    for (const session of current()) {
      for (const coachGuid of coachesOf(session)) {
        const sameDay = current().filter((other) => other.WeekDay === session.WeekDay);
        const notTheirs = sameDay.find((other) => !coachesOf(other).includes(coachGuid));
        const coach = userByGuid(coachGuid);
        const unique = users.filter((user) => user.Email === coach.Email).length === 1;
        if (notTheirs && unique) return { coach, session, notTheirs, day: String(session.WeekDay) };
      }
    }
    throw new Error('no coach shares a day with another coach’s session');
  }

  it('when a coach asks for a day, only their own sessions’ swimmers are listed', async () => {
    const { coach, notTheirs, day } = coachWithOthersOnTheirDay();
    const text = await ask(slackUser(coach), '/session', day);
    expect(text).toContain('Not shown:');
    expect(text).toContain(String(notTheirs.SessionName));
    const theirs = new Set(
      current()
        .filter((s) => s.WeekDay === day && coachesOf(s).includes(String(coach.Guid)))
        .flatMap(swimmersOf),
    );
    const stranger = swimmersOf(notTheirs).find((guid) => !theirs.has(guid));
    if (stranger) expect(text).not.toContain(fullName(userByGuid(stranger)));
  });

  it('when the head coach asks for the same day, every session’s roster is listed', async () => {
    const { day } = coachWithOthersOnTheirDay();
    const text = await ask(slackUser(holderOf('Head Coach')), '/session', day);
    expect(text).not.toContain('Not shown:');
    for (const session of current().filter((s) => s.WeekDay === day)) {
      expect(text).toContain(String(session.SessionName));
    }
  });

  it('when a committee member who is no coach asks for a roster, they are refused', async () => {
    const treasurer = holderOf('Treasurer');
    expect(treasurer.IsACoach).not.toBe(1);
    expect(await ask(slackUser(treasurer), '/session', 'Tuesday')).toContain(
      'Not available to you',
    );
  });
});

describe('adults’ contacts: only for the coaches of their own sessions', () => {
  /** An adult swimmer with a phone and a unique email, their coach, and a coach of none of their sessions. */
  function adultSwimmerAndCoaches() {
    for (const session of current()) {
      for (const guid of swimmersOf(session)) {
        const swimmer = userByGuid(guid);
        if (!swimmer.MobilePhone || String(swimmer.DOB) > '2000-01-01') continue;
        const mine = current().filter((s) => swimmersOf(s).includes(guid));
        const other = users.find(
          (user) =>
            user.IsACoach === 1 &&
            users.filter((u) => u.Email === user.Email).length === 1 &&
            !mine.some((s) => coachesOf(s).includes(String(user.Guid))),
        );
        const own = coachesOf(session)
          .map(userByGuid)
          .find((coach) => users.filter((u) => u.Email === coach.Email).length === 1);
        if (other && own) return { swimmer, own, other };
      }
    }
    throw new Error('no adult swimmer with a phone in the seeded club');
  }

  it('when a coach of the adult’s session asks, the adult’s phone is shown', async () => {
    const { swimmer, own } = adultSwimmerAndCoaches();
    expect(await ask(slackUser(own), '/member', String(swimmer.Guid))).toContain(
      String(swimmer.MobilePhone),
    );
  });

  it('when a coach of none of the adult’s sessions asks, the adult’s phone is not shown', async () => {
    const { swimmer, other } = adultSwimmerAndCoaches();
    const text = await ask(slackUser(other), '/member', String(swimmer.Guid));
    expect(text).toContain(fullName(swimmer).split(' ').at(-1));
    expect(text).not.toContain(String(swimmer.MobilePhone));
  });
});
