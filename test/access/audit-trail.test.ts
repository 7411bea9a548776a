import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/log.js';
import { defaultAccessPolicy } from '../../src/access/access-policy.js';
import { replyToPlainText, type Reply } from '../../src/core/reply.js';
import type { ReplyAddress } from '../../src/delivery/reply-address.js';
import { startBotHarness, type BotHarness } from '../support/bot-harness.js';
import { memberWithHealthNotes } from '../support/member-with-health-notes.js';
import { personalValues } from '../support/personal-values.js';

const delivered: { address: ReplyAddress; reply: Reply }[] = [];
let harness: BotHarness;
/** Every log line the bot writes during these tests, at debug level. */
const logLines: string[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});

beforeAll(async () => {
  harness = await startBotHarness({
    logger: createLogger({ level: 'debug' }, logStream),
    sinks: {
      console: { deliver: async (address, reply) => void delivered.push({ address, reply }) },
    },
    policy: {
      ...defaultAccessPolicy,
      grant: [
        { platform: 'console', user: 'welfare-officer', roles: ['welfare'] },
        { platform: 'console', user: 'a-coach', roles: ['coach'] },
      ],
    },
  });
});
afterAll(() => harness.stop());

async function ask(userId: string, slash: string, text: string, email?: string): Promise<string> {
  const id = randomUUID();
  const result = await harness.dispatcher.command(
    { id, slash, text },
    { platform: 'console', userId, email },
    { platform: 'console', conversationId: id },
  );
  if (result.kind === 'reply') return replyToPlainText(result.reply);
  const deadline = Date.now() + 15_000;
  for (;;) {
    const answer = delivered.find(
      (entry) => entry.address.platform === 'console' && entry.address.conversationId === id,
    );
    if (answer) return replyToPlainText(answer.reply);
    if (Date.now() > deadline) throw new Error('no answer');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('the audit trail', () => {
  it('records who was shown whose personal data, and shows it to the welfare officer', async () => {
    const { record: member, name } = memberWithHealthNotes(harness.simulator);
    // A coach of one of the member's sessions, linked by email: they are shown the contacts.
    const users = harness.simulator.admin.records('users');
    const coach = harness.simulator.admin
      .records('sessions')
      .flatMap((session) => {
        const members = session.Members as { Guid: string }[];
        if (session.Archived === 1 || !members.some((m) => m.Guid === member.Guid)) return [];
        return (session.Coaches as { Guid: string }[]).map((c) => c.Guid);
      })
      .map((guid) => users.find((user) => user.Guid === guid))
      .find((user) => users.filter((other) => other.Email === user?.Email).length === 1);
    await ask('a-coach', '/member', name, String(coach?.Email));
    const trail = await ask('welfare-officer', '/audit', name);
    expect(trail).toContain(String(coach?.Lastname));
    expect(trail).toContain('/member');
    expect(trail).toContain('contact details and emergency contacts');
    const stored = await harness.services.audit.read({ member: String(member.Guid) });
    expect(stored[0]).toMatchObject({
      askedBy: 'console:a-coach',
      command: 'member',
      members: [member.Guid],
    });
    // The trail holds ids, not the data shown.
    expect(JSON.stringify(stored)).not.toContain(String(member.MedicalHistory));
  });

  it('is not shown to a coach', async () => {
    expect(await ask('a-coach', '/audit', '')).toContain('Only the welfare officer can use /audit');
  });

  it('no special-category text, email or phone number of a member reached the logs', async () => {
    const { record: member, name } = memberWithHealthNotes(harness.simulator);
    const shown = await ask('welfare-officer', '/member', `details ${name}`);
    expect(shown).toContain(String(member.MedicalHistory));
    const logs = logLines.join('');
    expect(logs.length).toBeGreaterThan(0);
    const personal = personalValues(
      harness.simulator,
      ['MedicalHistory', 'Allergies', 'DisabilityDetails', 'Email', 'MobilePhone', 'HomePhone'],
      4,
    );
    for (const value of personal) expect(logs).not.toContain(value);
  });
});
