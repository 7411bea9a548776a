import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatUser } from '../../../src/core/chat-user.js';
import { replyToPlainText, type Reply } from '../../../src/core/reply.js';
import type { PlantedProblems } from '../../../src/simulator/seed/plant-problems.js';
import type { WireRecord } from '../../../src/simulator/simulator-collections.js';
import { startBotHarness, type BotHarness } from '../../support/bot-harness.js';
import { consoleConversations } from '../../support/console-conversations.js';

/*
 * /checks and /places through the real dispatcher, worker and Redis, against the simulator's
 * seeded club of 250 (which holds one of every planted problem), for each role.
 */

const conversations = consoleConversations();
let harness: BotHarness;
let users: WireRecord[];

const nameOf = (guid: string | undefined) => {
  const user = users.find((candidate) => candidate.Guid === guid);
  if (!user) throw new Error(`no member ${guid}`);
  return `${String(user.KnownAs ?? user.Firstname)} ${String(user.Lastname)}`;
};
const holderOf = (roleName: string): ChatUser => {
  const role = harness.simulator.admin.records('roles').find((r) => r.RoleName === roleName);
  const [ref] = (role?.Members ?? []) as { Guid: string }[];
  const user = users.find((candidate) => candidate.Guid === ref?.Guid);
  if (!user) throw new Error(`nobody holds ${roleName}`);
  return { platform: 'slack', userId: `U-${String(user.Guid)}`, email: String(user.Email) };
};
const nobody: ChatUser = { platform: 'slack', userId: 'U-nobody', email: 'nobody@example.org' };

/** The reply the person gets, refused at once or answered by the worker. */
async function replyTo(user: ChatUser, slash: string, text = ''): Promise<Reply> {
  const id = randomUUID();
  const result = await harness.dispatcher.command({ id, slash, text }, user, {
    platform: 'console',
    conversationId: id,
  });
  if (result.kind === 'reply') return result.reply;
  return conversations.answerTo(id);
}
const ask = async (user: ChatUser, slash: string, text = '') =>
  replyToPlainText(await replyTo(user, slash, text));

describe('with a host that serves the code of conduct', () => {
  let planted: PlantedProblems;
  beforeAll(async () => {
    harness = await startBotHarness({
      simulator: { members: 250 },
      sinks: { console: conversations.sink },
      env: { RATE_LIMIT_PER_MINUTE: '100000' },
    });
    users = harness.simulator.admin.records('users');
    const { generateClub } = await import('../../../src/simulator/seed/generate-club.js');
    const today = new Date().toISOString().slice(0, 10);
    planted = generateClub({ members: 250, seed: 7, today }).planted;
  });
  afterAll(() => harness.stop());

  it('when the welfare officer runs /checks, then they see the welfare checks only, the lapsed coach and the code of conduct named', async () => {
    const text = await ask(holderOf('Welfare Officer'), '/checks');
    expect(text).toContain('Welfare checks');
    expect(text).toContain(`${nameOf(planted.lapsedDbsCoach)}: lapsed 15 days ago`);
    expect(text).toContain('Under-18s with no emergency contact: ');
    expect(text).toMatch(/Active members who have not agreed .+: \d+/);
    expect(text).not.toContain('Members with no date of birth');
  });

  it('when the membership secretary runs /checks, then they see the membership checks only', async () => {
    const secretary = holderOf('Membership Secretary');
    const text = await ask(secretary, '/checks');
    expect(text).toContain('Membership checks');
    expect(text).toContain(nameOf(planted.unplacedSwimmer));
    expect(text).toContain('Adults sharing one e-mail address: 2');
    expect(text).not.toContain('DBS');
    expect(await ask(secretary, '/checks', 'welfare')).toContain(
      'The welfare checks are for the welfare officer.',
    );
  });

  it('when the head coach or a member with no office runs /checks, then they are refused', async () => {
    for (const user of [holderOf('Head Coach'), nobody]) {
      const text = await ask(user, '/checks');
      expect(text).not.toContain('DBS of coaches');
      expect(text).toMatch(/welfare officer|membership secretary/i);
    }
  });

  it('when the membership secretary runs /places, then Friday Minnows is full and each person waiting gets an "offer a trial" button filled in', async () => {
    const reply = await replyTo(holderOf('Membership Secretary'), '/places');
    const text = replyToPlainText(reply);
    expect(text).toMatch(/Full: .*Friday Minnows \((\d+) of \1\)/);
    expect(text).toContain('Sunday Masters (no limit set)');
    expect(reply.visibility).toBe('asker');
    const offer = reply.actions?.[0];
    expect(offer).toMatchObject({ kind: 'reopen-form', form: { id: 'trial' } });
    expect(offer?.form?.values.swimmingExperience).toContain('On the waiting list since');
  });

  it('when the head coach runs /places, then they see the places without buttons (they may not file trials); a member is refused', async () => {
    const reply = await replyTo(holderOf('Head Coach'), '/places');
    expect(replyToPlainText(reply)).toContain('Free places');
    expect(reply.actions ?? []).toEqual([]);
    expect(await ask(nobody, '/places')).not.toContain('Free places');
  });

  it('when the head coach runs /today, then the coach of a session today whose DBS lapsed is named', async () => {
    const text = await ask(holderOf('Head Coach'), '/today');
    expect(text).toContain("DBS lapsed: on today's sessions");
    expect(text).toContain(nameOf(planted.lapsedDbsCoach));
  });
});

describe('with a host that answers 404 for the code of conduct', () => {
  beforeAll(async () => {
    harness = await startBotHarness({
      simulator: { members: 250, beyondSpec: false },
      sinks: { console: conversations.sink },
      env: { RATE_LIMIT_PER_MINUTE: '100000' },
    });
    users = harness.simulator.admin.records('users');
  });
  afterAll(() => harness.stop());

  it('when the welfare officer runs /checks twice, then the code-of-conduct check is left out without an error, and the host asked once', async () => {
    const officer = holderOf('Welfare Officer');
    for (const _ of [1, 2]) {
      const text = await ask(officer, '/checks');
      expect(text).toContain('Welfare checks');
      expect(text).not.toMatch(/code of conduct/i);
      expect(text).not.toMatch(/went wrong|error/i);
    }
    const asked = harness.simulator.admin
      .calls()
      // A path outside the document is counted as "(unknown)": here, only the codes of conduct.
      .calls.filter((call) => call.path.includes('CodeOfConduct') || call.path === '(unknown)')
      .reduce((sum, call) => sum + call.count, 0);
    expect(asked).toBe(1);
  });
});
