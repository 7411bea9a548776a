import { consoleConversations } from '../support/console-conversations.js';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatUser } from '../../src/core/chat-user.js';
import { replyToPlainText } from '../../src/core/reply.js';
import type { WireRecord } from '../../src/simulator/simulator-collections.js';
import { startBotHarness, type BotHarness } from '../support/bot-harness.js';

/*
 * Nobody files under a member they may not be, through the real dispatcher, worker and Redis:
 * without CLUB_REPORTS_MEMBER a report from someone the bot cannot link is refused kindly; with
 * it, it is filed under the bot's own member record with a note of who sent it.
 */

const botRecord = {
  Guid: 'club-bot-0000',
  Firstname: 'Club',
  Lastname: 'bot',
  Email: 'bot@club.example.org',
  Active: 1,
};
const stranger: ChatUser = { platform: 'discord', userId: '998877', displayName: 'poolside_pat' };

/** A bot on the seeded club, collecting every reply it delivers. */
async function startBot(env: Record<string, string> = {}) {
  const conversations = consoleConversations();
  const harness = await startBotHarness({
    sinks: { console: conversations.sink },
    env: { RATE_LIMIT_PER_MINUTE: '100000', ...env },
  });
  // The bot's own member record, made before anything is cached (as an operator would).
  const users = harness.simulator.admin.records('users');
  harness.simulator.admin.setRecords('users', [...users, botRecord]);
  const welfare = whosWelfare(harness);
  /** Submits an incident form as `user` and gives the final reply's text. */
  async function report(user: ChatUser, title: string, values: Record<string, string>) {
    const key = randomUUID();
    const replyTo = { platform: 'console' as const, conversationId: key };
    const result = await harness.dispatcher.submitForm(
      {
        id: key,
        key,
        form: 'incident',
        values: { title, date: '2026-11-20', details: 'Seen from the gallery.', ...values },
      },
      user,
      replyTo,
    );
    if (result.kind === 'reply') return replyToPlainText(result.reply);
    expect(result.kind).toBe('queued');
    return replyToPlainText(await conversations.answerTo(key));
  }
  const filed = (title: string) =>
    harness.simulator.admin.records('incidents').filter((record) => record.IncidentTitle === title);
  const ask = (user: ChatUser, slash: string, text: string) =>
    conversations.ask(harness.dispatcher, user, slash, text);
  return { harness, report, filed, welfare, ask };
}

/** The welfare officer's record and full name. */
function whosWelfare(harness: BotHarness): { record: WireRecord; name: string } {
  const role = harness.simulator.admin
    .records('roles')
    .find((r) => r.RoleName === 'Welfare Officer');
  const guid = (role?.Members as { Guid: string }[])[0]?.Guid;
  const record = harness.simulator.admin.records('users').find((u) => u.Guid === guid);
  if (!record) throw new Error('no welfare officer in the seeded club');
  return { record, name: `${String(record.Firstname)} ${String(record.Lastname)}` };
}

const addedBy = (record: WireRecord | undefined) =>
  (record?.AddedBy as { Guid: string }[] | undefined)?.map((author) => author.Guid);

describe('without CLUB_REPORTS_MEMBER', () => {
  let bot: Awaited<ReturnType<typeof startBot>>;
  beforeAll(async () => {
    bot = await startBot();
  });
  afterAll(() => bot.harness.stop());

  it('when a person the bot cannot link reports an incident typing the welfare officer’s full name, nothing is filed, and they are told who the welfare officers are, with their text', async () => {
    const title = 'Unlinked, welfare name';
    const text = await bot.report(stranger, title, { reporter: bot.welfare.name });
    expect(bot.filed(title)).toHaveLength(0);
    expect(text).toContain('not filed');
    expect(text).toContain(`${bot.welfare.name}, Welfare Officer`);
    expect(text).toContain('Seen from the gallery.');
  });

  it('when they type a common surname, no member’s name comes back to them', async () => {
    const text = await bot.report(stranger, 'Unlinked, surname', { reporter: 'Smith' });
    expect(text).not.toContain('Jane');
    expect(text).not.toContain('Claire');
    expect(text).not.toMatch(/matches \d+ club members/);
  });
});

describe('with CLUB_REPORTS_MEMBER set to the bot’s member record', () => {
  let bot: Awaited<ReturnType<typeof startBot>>;
  beforeAll(async () => {
    bot = await startBot({ CLUB_REPORTS_MEMBER: botRecord.Email });
  });
  afterAll(() => bot.harness.stop());

  it('when a person the bot cannot link reports an incident typing the welfare officer’s full name, it is filed under the bot’s record, never the welfare officer’s, with who sent it at the top', async () => {
    const title = 'Unlinked, filed under bot';
    const text = await bot.report(stranger, title, { reporter: bot.welfare.name });
    expect(text).toContain('Incident filed');
    const [record] = bot.filed(title);
    expect(addedBy(record)).toEqual([botRecord.Guid]);
    expect(String(record?.IncidentDetails)).toBe(
      `Reported in Discord by poolside_pat (998877), not linked to a member; name given: ${bot.welfare.name}.\n\nSeen from the gallery.`,
    );
  });

  it('when someone linked to the reporting account asks /incident mine, then the unlinked people’s reports filed under it are not listed, and it says so', async () => {
    const title = 'Unlinked, not for the account holder';
    expect(await bot.report(stranger, title, { reporter: 'A parent' })).toContain('Incident filed');
    const holder: ChatUser = { platform: 'console', userId: 'account-holder' };
    await bot.harness.services.links.set(holder, botRecord.Guid);
    const text = await bot.ask(holder, '/incident', 'mine');
    expect(text).not.toContain(title);
    expect(text).toContain("Reports filed under the club's reporting account are not listed");
  });

  it('when a Slack user with an email the club does not know reports, the note names their user id', async () => {
    const title = 'Unknown Slack email';
    const user: ChatUser = { platform: 'slack', userId: 'U0STRANGER', email: 'nobody@example.org' };
    await bot.report(user, title, { reporter: 'A parent' });
    const [record] = bot.filed(title);
    expect(addedBy(record)).toEqual([botRecord.Guid]);
    expect(String(record?.IncidentDetails)).toMatch(
      /^Reported in Slack by user U0STRANGER, not linked to a member; name given: A parent\./,
    );
  });

  it('when a linked member’s submission carries someone else’s name, it is filed under the linked member', async () => {
    const users = bot.harness.simulator.admin.records('users');
    const coach = users.find(
      (u) => u.IsACoach === 1 && users.filter((other) => other.Email === u.Email).length === 1,
    ) as WireRecord;
    const user: ChatUser = { platform: 'slack', userId: 'U0COACH', email: String(coach.Email) };
    const title = 'Linked, another name typed';
    await bot.report(user, title, { status: 'Open', reporter: bot.welfare.name });
    const [record] = bot.filed(title);
    expect(addedBy(record)).toEqual([coach.Guid]);
    expect(String(record?.IncidentDetails)).toBe('Seen from the gallery.');
  });
});
