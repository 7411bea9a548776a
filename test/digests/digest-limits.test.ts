import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Asker, ChatUser } from '../../src/core/chat-user.js';
import type { DigestView } from '../../src/core/digest-desk.js';
import { createDigests, type Digests } from '../../src/digests/create-digests.js';
import { digestLimits } from '../../src/digests/digest-limits.js';
import { createLogger } from '../../src/log.js';
import { startBotHarness, type BotHarness } from '../support/bot-harness.js';

let harness: BotHarness;
let digests: Digests;

beforeAll(async () => {
  harness = await startBotHarness({ noWorker: true });
  digests = createDigests(harness.services, {
    timezone: 'Europe/London',
    logger: createLogger({ level: 'silent' }),
  });
});
afterAll(() => harness?.stop());

/** /digest's desk for `userId` typing in `channelId`, as a coach. */
function deskOf(userId: string, channelId: string) {
  const user: ChatUser = { platform: 'slack', userId, teamId: 'T1' };
  const asker: Asker = { user, roles: ['everyone', 'coach'] };
  const request = {
    id: `${userId}-${channelId}`,
    command: 'digest add',
    options: {},
    user,
    replyTo: { platform: 'slack' as const, userId, channelId, teamId: 'T1', issuedAt: Date.now() },
    receivedAt: Date.now(),
  };
  return digests.deskFor(request, asker);
}

const addTonight = (userId: string, channelId: string, minute: number) =>
  deskOf(userId, channelId).add('tonight', { at: `16:${String(minute).padStart(2, '0')}` });

describe('/digest add has limits', () => {
  it(`when a person has ${digestLimits.perPerson} digests, the next is refused and not stored`, async () => {
    for (let minute = 0; minute < digestLimits.perPerson; minute += 1) {
      expect(await addTonight('UMANY', `C${minute}`, minute)).toHaveProperty('id');
    }
    expect(await addTonight('UMANY', 'CNEXT', 30)).toEqual({
      limit: 'person',
      max: digestLimits.perPerson,
    });
    const mine = (await deskOf('UMANY', 'CNEXT').list()).filter((view) => view.addedByMe);
    expect(mine).toHaveLength(digestLimits.perPerson);
  });

  it(`when a channel has ${digestLimits.perChannel} digests from several people, the next one there is refused`, async () => {
    const added: (DigestView | object)[] = [];
    for (let minute = 0; minute < digestLimits.perChannel; minute += 1) {
      added.push(await addTonight(`UPERSON${minute % 3}`, 'CBUSY', minute));
    }
    expect(added.every((view) => 'id' in view)).toBe(true);
    expect(await addTonight('UOTHER', 'CBUSY', 45)).toEqual({
      limit: 'channel',
      max: digestLimits.perChannel,
    });
    expect(await addTonight('UOTHER', 'CQUIET', 45)).toHaveProperty('id');
  });
});
