import { consoleConversations } from '../support/console-conversations.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseAccessPolicy } from '../../src/access/load-access-policy.js';
import type { ChatUser } from '../../src/core/chat-user.js';
import { registry } from '../../src/commands/registry.js';
import type { WireRecord } from '../../src/simulator/simulator-collections.js';
import { startBotHarness, type BotHarness } from '../support/bot-harness.js';

/*
 * The access policy widens what the defaults keep narrow, through the real dispatcher, worker and
 * Redis: the committee sees every roster, the Chair (admin) sees DBS details and the audit trail.
 */

const policyFile = `
commands:
  session: [coach, head-coach, welfare, committee]
  member details: [coach, welfare, admin]
  audit: [welfare, admin]
all_rosters: [head-coach, welfare, committee]
safeguarding_details: [welfare, admin]
`;

const conversations = consoleConversations();
let harness: BotHarness;
let users: WireRecord[];

const holderOf = (roleName: string): ChatUser => {
  const role = harness.simulator.admin.records('roles').find((r) => r.RoleName === roleName);
  const guid = (role?.Members as { Guid: string }[])[0]?.Guid;
  const user = users.find((u) => u.Guid === guid);
  return { platform: 'slack', userId: `U-${roleName}`, email: String(user?.Email) };
};

beforeAll(async () => {
  harness = await startBotHarness({
    policy: parseAccessPolicy(policyFile, registry),
    sinks: {
      console: conversations.sink,
    },
    env: { RATE_LIMIT_PER_MINUTE: '100000' },
  });
  users = harness.simulator.admin.records('users');
});
afterAll(() => harness.stop());

const ask = (user: ChatUser, slash: string, text = '') =>
  conversations.ask(harness.dispatcher, user, slash, text);

describe('when the policy widens the defaults', () => {
  it('when the Treasurer (committee, no coach) asks for a day’s rosters, every session is shown', async () => {
    const sessions = harness.simulator.admin
      .records('sessions')
      .filter((s) => s.Archived !== 1 && s.WeekDay === 'Tuesday');
    const text = await ask(holderOf('Treasurer'), '/session', 'Tuesday');
    expect(text).not.toContain('Not shown:');
    for (const session of sessions) expect(text).toContain(String(session.SessionName));
  });

  it('when the Chair asks for a coach’s details, DBS is shown but no health', async () => {
    const coach = users.find((u) => u.IsACoach === 1 && u.DBSCertificateNumber);
    if (!coach) throw new Error('no coach with a DBS certificate in the seeded club');
    const text = await ask(holderOf('Chair'), '/member', `details ${String(coach.Guid)}`);
    expect(text).toContain(String(coach.DBSCertificateNumber));
    expect(text).not.toContain('Medical history');
  });

  it('when the Chair asks for /audit, it is answered', async () => {
    expect(await ask(holderOf('Chair'), '/audit')).toContain('Audit trail');
  });
});
