import { randomUUID } from 'node:crypto';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAccessPolicy } from '../../src/access/access-policy.js';
import type { Reply } from '../../src/core/reply.js';
import { createLogger } from '../../src/log.js';
import { startBotHarness, type BotHarness } from '../support/bot-harness.js';
import { startLocalServer } from '../support/local-http-server.js';
import { waitFor } from '../support/wait-for.js';

/** What a club service might echo back about a child when it fails. */
const personal = ['Amelia Thornbury', '14/03/2015', '12 Larch Crescent', 'asthma', 'epilepsy'];
const textBody = `Internal error while saving Amelia Thornbury (born 14/03/2015) of 12 Larch Crescent, Bristol: asthma, epilepsy`;
const jsonBody = JSON.stringify({ Message: textBody });

const lines: string[] = [];
const replies: Reply[] = [];
let harness: BotHarness;
let front: Awaited<ReturnType<typeof startLocalServer>>;
let target = '';
let sessionCalls = 0;

beforeAll(async () => {
  // In front of the simulator: the sessions list fails, first with a 500, then with a 400.
  front = await startLocalServer(async (request, response) => {
    if (request.url.includes('ClubSessions')) {
      sessionCalls += 1;
      const first = sessionCalls === 1;
      response.writeHead(first ? 500 : 400, {
        'Content-Type': first ? 'text/plain' : 'application/json',
      });
      return void response.end(first ? textBody : jsonBody);
    }
    const answer = await fetch(`${target}${request.url}`, {
      method: request.method,
      headers: Object.fromEntries(
        Object.entries(request.headers).filter(
          (entry): entry is [string, string] =>
            typeof entry[1] === 'string' && !['host', 'content-length'].includes(entry[0]),
        ),
      ),
      ...(request.method === 'GET' ? {} : { body: request.body }),
    });
    response.writeHead(answer.status, Object.fromEntries(answer.headers));
    response.end(await answer.text());
  });
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  harness = await startBotHarness({
    env: { CLUB_API_URL: front.url },
    sinks: { console: { deliver: async (_address, reply) => void replies.push(reply) } },
    policy: {
      ...defaultAccessPolicy,
      grant: [{ platform: 'console', user: 'tester', roles: ['coach'] }],
    },
    logger: createLogger({ level: 'debug' }, logStream),
  });
  target = harness.simulator.url;
});
afterAll(async () => {
  await harness?.stop();
  await front?.close();
});

describe('when the club service fails with a child’s details in its error body', () => {
  it('no log line holds any of them: the lines name the answer by status, length and hash, with the job’s id', async () => {
    const id = randomUUID();
    await harness.dispatcher.command(
      { id, slash: '/sessions', text: '' },
      { platform: 'console', userId: 'tester' },
      { platform: 'console', conversationId: id },
    );
    await waitFor(() => replies.length > 0, 'the failure reply', 15_000);
    expect(sessionCalls).toBe(2);
    const failures = lines.filter((line) => line.includes('job did not finish'));
    expect(failures).toHaveLength(2);
    for (const line of failures) {
      expect(line).toContain(id);
      expect(line).toMatch(/body \d+ characters, sha256 [0-9a-f]{12}/);
    }
    const all = lines.join('\n');
    for (const word of personal) expect(all).not.toContain(word);
  });
});
