import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeAll, decodeSession } from '../../src/club/decode-records.js';
import type { ClubSession } from '../../src/club/domain.js';
import type { ChatUser } from '../../src/core/chat-user.js';
import type { WireRecord } from '../../src/simulator/simulator-collections.js';
import { startBotHarness, type BotHarness } from '../support/bot-harness.js';
import { consoleConversations } from '../support/console-conversations.js';

/*
 * Time words read the same in every command, through the real dispatcher, worker and Redis, on
 * a worker clock set to Friday 27 November 2026, 18:20 in London.
 */

const friday = Date.parse('2026-11-27T18:20:00Z');
const conversations = consoleConversations();
let harness: BotHarness;
let sessions: ClubSession[];
let welfare: ChatUser;
let coach: ChatUser;
let coached: ClubSession[];
let closedMonday: ClubSession;

beforeAll(async () => {
  harness = await startBotHarness({
    sinks: { console: conversations.sink },
    env: { RATE_LIMIT_PER_MINUTE: '100000' },
    now: () => friday,
  });
  const { admin } = harness.simulator;
  // A Monday session does not run on 28 December, as a club's Christmas break would say.
  const records = admin.records('sessions');
  const monday = records.find((s) => s.Archived !== 1 && /monday/i.test(String(s.WeekDay)));
  admin.setRecords(
    'sessions',
    records.map((s) => (s === monday ? { ...s, NoSessionDates: ['2026-12-28'] } : s)),
  );
  sessions = decodeAll(admin.records('sessions'), decodeSession).values;
  closedMonday = sessions.find((s) => s.guid === monday?.Guid) as ClubSession;
  const users = admin.records('users');
  const emailOf = (guid: string) => String(users.find((u) => u.Guid === guid)?.Email);
  const role = admin.records('roles').find((r) => r.RoleName === 'Welfare Officer');
  welfare = {
    platform: 'console',
    userId: 'welfare',
    email: emailOf((role?.Members as { Guid: string }[])[0]?.Guid ?? ''),
  };
  const unique = (user: WireRecord) =>
    users.filter((other) => other.Email === user.Email).length === 1;
  const coachRecord = users.find(
    (u) =>
      u.IsACoach === 1 &&
      u.Active === 1 &&
      unique(u) &&
      sessions.some((s) => !s.archived && s.coaches.some((c) => c.guid === u.Guid)),
  ) as WireRecord;
  coach = { platform: 'console', userId: 'coach', email: String(coachRecord.Email) };
  coached = sessions.filter(
    (s) => !s.archived && s.coaches.some((c) => c.guid === coachRecord.Guid),
  );
});
afterAll(() => harness.stop());

const ask = (user: ChatUser, slash: string, text: string) =>
  conversations.ask(harness.dispatcher, user, slash, text);

describe('time words through the dispatcher and worker', () => {
  it('when /session now is asked, then "now" is a time, never a squad', async () => {
    const text = await ask(welfare, '/session', 'now');
    expect(text).not.toContain('is not a day, time or squad');
    expect(text).not.toContain('You coach none');
    expect(text).toMatch(/Now \(Fri 27 Nov\)|When: Fri 27 Nov/);
  });

  it('when a coach types /session alone, then it is the roster of the next session they coach, dated', async () => {
    const text = await ask(coach, '/session', '');
    const [title] = text.split('\n');
    expect(coached.map((s) => s.name)).toContain(title);
    expect(text).toMatch(/When: \w{3} \d{1,2} \w{3}, /);
  });

  it('when /session 28/12 is asked, then it is about Monday 28 December, and says which session does not run', async () => {
    const text = await ask(welfare, '/session', '28/12');
    expect(text).not.toContain('is not a day, time or squad');
    expect(text).toContain('Mon 28 Dec');
    expect(text).toContain(`${closedMonday.name}: no session on Mon 28 Dec`);
  });

  it('when /session <squad> 28 dec is asked, then the squad word stays (no other squad’s roster), and the day says it does not run', async () => {
    const squad = closedMonday.name
      .toLowerCase()
      .split(/\s+/)
      .find((word) => !/day$/.test(word));
    const text = await ask(welfare, '/session', `${squad} 28 dec`);
    expect(text).not.toContain('Swimmers:');
    expect(text.split('\n')[0]?.toLowerCase()).toContain(squad);
    expect(text).toContain(`${closedMonday.name}: no session on Mon 28 Dec`);
  });

  it('when /sessions 28 Dec or "is training on 28 Dec?" is asked, then the timetable of that day says what does not run', async () => {
    for (const when of ['28 Dec', 'is training on 28 Dec?']) {
      const text = await ask(welfare, '/sessions', when);
      expect(text, when).toContain('Sessions: Mon 28 Dec');
      expect(text, when).toContain(`${closedMonday.name}: no session on Mon 28 Dec`);
    }
  });

  it('when /sessions is asked, then the weekly timetable names the coming no-session day', async () => {
    const text = await ask(welfare, '/sessions', '');
    expect(text).toContain('no session on Mon 28 Dec');
  });

  it('when /digest add tonight at 6pm is asked, then the digest is added for 18:00', async () => {
    const text = await ask(coach, '/digest', 'add tonight at 6pm');
    expect(text).toContain('Digest added');
    expect(text).toContain('18:00 every day');
  });
});
