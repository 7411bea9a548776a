import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAccessPolicy } from '../../src/access/access-policy.js';
import type { ChatUser } from '../../src/core/chat-user.js';
import type { FormId } from '../../src/core/form.js';
import { replyToPlainText, type Reply } from '../../src/core/reply.js';
import type { ReplyAddress } from '../../src/delivery/reply-address.js';
import { waitFor } from '../support/wait-for.js';
import { startBotHarness, type BotHarness } from '../support/bot-harness.js';
import { consoleConversations } from '../support/console-conversations.js';

/*
 * A person's own filing shows in their next look, through the real dispatcher, worker, cache and
 * Redis: the collection is loaded again after the write rather than served stale until it ages.
 */

const conversations = consoleConversations();
const slackReplies: { address: ReplyAddress; reply: Reply }[] = [];
let harness: BotHarness;
const user: ChatUser = { platform: 'console', userId: 'secretary' };

beforeAll(async () => {
  harness = await startBotHarness({
    sinks: {
      console: conversations.sink,
      slack: { deliver: async (address, reply) => void slackReplies.push({ address, reply }) },
    },
    policy: {
      ...defaultAccessPolicy,
      grant: [
        { platform: 'console', user: 'secretary', roles: ['membership', 'welfare', 'committee'] },
        { platform: 'slack', user: 'U-coach', roles: ['coach'] },
      ],
    },
    env: { CLUB_REPORTS_MEMBER: 'bot-member', RATE_LIMIT_PER_MINUTE: '100000' },
  });
  const users = harness.simulator.admin.records('users');
  harness.simulator.admin.setRecords('users', [
    ...users,
    { Guid: 'bot-member', Firstname: 'Club', Lastname: 'bot', Active: 1 },
  ]);
});
afterAll(() => harness.stop());

const ask = (slash: string, text = '') => conversations.ask(harness.dispatcher, user, slash, text);

async function file(form: FormId, values: Record<string, string>): Promise<string> {
  const key = randomUUID();
  const result = await harness.dispatcher.submitForm({ id: key, key, form, values }, user, {
    platform: 'console',
    conversationId: key,
  });
  expect(result.kind).toBe('queued');
  return replyToPlainText(await conversations.answerTo(key));
}

describe('when a person files something, their next look includes it', () => {
  it.each([
    [
      'waitinglist',
      '/waitinglist',
      { firstName: 'Orla', lastName: 'Quinn', dateOfBirth: '3/4/2016' },
      'Orla Quinn',
    ],
    [
      'trial',
      '/trials',
      { firstName: 'Piers', lastName: 'Ruddock', dateOfBirth: '5/6/2015' },
      'Piers Ruddock',
    ],
    [
      'incident',
      '/incident list',
      { title: 'Gate left open', date: 'yesterday', reporter: 'Sam' },
      'Gate left open',
    ],
  ] as const)(
    'when a %s filing is confirmed, then %s shows it at once, under a footer that says only what is true',
    async (form, look, values, shown) => {
      const [slash, ...rest] = look.split(' ');
      const before = await ask(slash!, rest.join(' '));
      expect(before).not.toContain(shown);
      const calls = harness.simulator.admin.calls().total;

      expect(await file(form, values)).toMatch(/filed|sent|Added/i);
      const after = await ask(slash!, rest.join(' '));
      expect(after).toContain(shown);
      expect(after).toMatch(/Club data from just now/);
      expect(after).not.toContain('could not be asked');
      // The look for the record before filing (a restored Redis must not file twice), the filing
      // and one load of the list: the look itself is answered from the cache.
      expect(harness.simulator.admin.calls().total - calls).toBeLessThanOrEqual(4);
    },
  );

  it('when a digest is added, then /digest list shows it at once, and elsewhere names its channel, never an id', async () => {
    const coach: ChatUser = { platform: 'slack', userId: 'U-coach' };
    const inSlack = async (text: string, channelId: string, channelName?: string) => {
      const id = randomUUID();
      const replyTo = {
        platform: 'slack' as const,
        userId: 'U-coach',
        channelId,
        ...(channelName ? { channelName } : {}),
        issuedAt: Date.now(),
      };
      await harness.dispatcher.command({ id, slash: '/digest', text }, coach, replyTo);
      return waitFor(
        () =>
          slackReplies.find(
            (entry) =>
              entry.address.platform === 'slack' &&
              entry.address.channelId === channelId &&
              !entry.reply.interim &&
              !seen.has(entry.reply),
          ),
        'the Slack answer',
      ).then((entry) => {
        seen.add(entry.reply);
        return replyToPlainText(entry.reply);
      });
    };
    const seen = new Set<Reply>();
    expect(await inSlack('add tonight', 'C0JUNIORS', 'juniors')).toContain('Digest added');
    const here = await inSlack('list', 'C0JUNIORS', 'juniors');
    expect(here).toMatch(/tonight.*this channel/);
    const elsewhere = await inSlack('list', 'C0SENIORS', 'seniors');
    expect(elsewhere).toMatch(/tonight.*#juniors/);
    expect(elsewhere).not.toContain('C0JUNIORS');

    // The console has no channel names: another conversation is "another channel", not its id.
    const added = await ask('/digest', 'add tonight');
    expect(added).toContain('Digest added');
    const list = await ask('/digest', 'list');
    expect(list).toContain('another channel');
    expect(list).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
  });
});
