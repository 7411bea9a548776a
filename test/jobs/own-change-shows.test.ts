import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAccessPolicy } from '../../src/access/access-policy.js';
import type { ChatUser } from '../../src/commands/chat-user.js';
import type { FormId } from '../../src/commands/form.js';
import { replyToPlainText } from '../../src/commands/reply.js';
import { startBotHarness, type BotHarness } from '../support/bot-harness.js';
import { consoleConversations } from '../support/console-conversations.js';

/*
 * A person's own filing shows in their next look, through the real dispatcher, worker, cache and
 * Redis: the collection is loaded again after the write rather than served stale until it ages.
 */

const conversations = consoleConversations();
let harness: BotHarness;
const user: ChatUser = { platform: 'console', userId: 'secretary' };

beforeAll(async () => {
  harness = await startBotHarness({
    sinks: { console: conversations.sink },
    policy: {
      ...defaultAccessPolicy,
      grant: [{ platform: 'console', user: 'secretary', roles: ['membership', 'welfare'] }],
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
      // The filing and one load of the list: the look itself is answered from the cache.
      expect(harness.simulator.admin.calls().total - calls).toBeLessThanOrEqual(3);
    },
  );

  it('when a digest is added, then /digest list shows it at once, going to the channel by name', async () => {
    const added = await ask('/digest', 'add renewals');
    expect(added).toContain('Digest added');
    const list = await ask('/digest', 'list');
    expect(list).toContain('renewals');
  });
});
