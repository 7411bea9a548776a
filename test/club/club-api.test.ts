import { afterEach, describe, expect, it } from 'vitest';
import { createClubApi } from '../../src/club/club-api.js';
import {
  type ClubError,
  ClubBudgetExhaustedError,
  ClubNotFoundError,
  ClubServiceFaultError,
  ClubUnauthorisedError,
  ClubValidationError,
} from '../../src/club/club-errors.js';
import { createClubClient, type ClubCallInfo } from '../../src/club/create-club-client.js';
import { sendJson, startLocalServer } from '../support/local-http-server.js';
import { pageCounts } from '../support/page-counts.js';

const token = 'tok-SECRET-7f3a9c';
const servers: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

function user(index: number, overrides: Record<string, unknown> = {}) {
  return {
    Guid: `guid-${index}`,
    Firstname: `First${index}`,
    Lastname: `Last${index}`,
    ...overrides,
  };
}

async function serve(handle: Parameters<typeof startLocalServer>[0]) {
  const server = await startLocalServer(handle);
  servers.push(server);
  const calls: ClubCallInfo[] = [];
  const client = createClubClient({
    baseUrl: server.url,
    token,
    timeoutMs: 300,
    afterResponse: (info) => void calls.push(info),
  });
  return { server, calls, api: createClubApi(client, { token }) };
}

/** A club of `count` users served 100 a page, as the real service does. */
async function serveUsers(count: number) {
  const users = Array.from({ length: count }, (_, index) => user(index));
  return serve((request, response) => {
    const page = Number(
      request.headers.page ?? new URL(request.url, 'http://x').searchParams.get('Page') ?? 1,
    );
    sendJson(response, 200, users.slice((page - 1) * 100, page * 100), {
      'X-Ratelimit-Remaining': '4999',
    });
  });
}

describe('the club client', () => {
  it('sends the API token in the Authorization-Token header of every request', async () => {
    const { api, server } = await serveUsers(3);
    await api.listMembers();
    expect(server.requests[0]?.headers['authorization-token']).toBe(token);
  });

  it.each(pageCounts)(
    'when the collection holds %i records, it reads them all in %i call(s)',
    async (count, calls) => {
      const { api, server } = await serveUsers(count);
      const members = await api.listMembers();
      expect(members).toHaveLength(count);
      expect(server.requests).toHaveLength(calls);
      expect(server.requests.map((request) => request.headers.page)).toEqual(
        Array.from({ length: calls }, (_, index) => String(index + 1)),
      );
    },
  );

  it('reports every response’s X-Ratelimit-Remaining to its hook', async () => {
    const { api, calls } = await serveUsers(150);
    await api.listMembers();
    expect(calls.map((call) => [call.path, call.status, call.remaining])).toEqual([
      ['/api/Users', 200, 4999],
      ['/api/Users', 200, 4999],
    ]);
  });

  it('when a page comes wrapped in an object, it reads the array inside', async () => {
    const { api } = await serve((_request, response) =>
      sendJson(response, 200, { Users: [user(1), user(2)] }),
    );
    expect((await api.listMembers()).map((member) => member.guid)).toEqual(['guid-1', 'guid-2']);
  });

  it('reads flags sent as 1/0, "1"/"0", "Yes"/"No" and true/false, and both spellings of names', async () => {
    const { api } = await serve((_request, response) =>
      sendJson(response, 200, [
        user(1, { IsACoach: 1, IsASwimmer: '0', Active: 'Yes' }),
        user(2, {
          IsACoach: 'Yes',
          IsASwimmer: 'No',
          Active: 'No',
          Firstname: undefined,
          FirstName: 'Ana',
          Dob: '2012-03-04',
        }),
        user(3, {
          IsACoach: '1',
          IsASwimmer: true,
          AsaNumber: '123456',
          DOB: '2001-01-02T00:00:00',
        }),
      ]),
    );
    const [a, b, c] = await api.listMembers();
    expect([a?.isCoach, a?.isSwimmer, a?.active]).toEqual([true, false, true]);
    expect([b?.isCoach, b?.isSwimmer, b?.active, b?.firstName, b?.dateOfBirth]).toEqual([
      true,
      false,
      false,
      'Ana',
      '2012-03-04',
    ]);
    expect([c?.isCoach, c?.isSwimmer, c?.asaNumber, c?.dateOfBirth]).toEqual([
      true,
      true,
      '123456',
      '2001-01-02',
    ]);
  });

  it('writes the spec’s field names and a one-member AddedBy list when filing an incident', async () => {
    const { api, server } = await serve((request, response) =>
      sendJson(response, 200, { ...JSON.parse(request.body), Guid: 'inc-1' }),
    );
    const incident = await api.fileIncident({
      title: 'Slip on poolside',
      date: '2026-11-20',
      status: 'Open',
      details: 'Wet tiles by the steps',
      reporterGuid: 'member-9',
    });
    expect(JSON.parse(server.requests[0]?.body ?? '')).toEqual({
      IncidentTitle: 'Slip on poolside',
      IncidentDate: '2026-11-20',
      Status: 'Open',
      IncidentDetails: 'Wet tiles by the steps',
      AddedBy: [{ Guid: 'member-9' }],
    });
    expect(server.requests[0]?.headers['content-type']).toBe('application/json');
    expect(incident).toMatchObject({ guid: 'inc-1', title: 'Slip on poolside', status: 'Open' });
  });

  describe('when the service answers with an error', () => {
    it.each([
      [400, 'Text: IncidentTitle is required', ClubValidationError, 'IncidentTitle is required'],
      [
        400,
        { Message: 'Status must be one of Open, In Progress' },
        ClubValidationError,
        'Status must be one of',
      ],
      [401, 'Invalid token', ClubUnauthorisedError, 'club details page'],
      [403, 'Too many requests', ClubBudgetExhaustedError, 'daily call limit'],
      [404, 'No such record', ClubNotFoundError, 'no record'],
      [500, '<html>Internal Server Error</html>', ClubServiceFaultError, 'Internal Server Error'],
    ])('a %i becomes a typed error with the message kept', async (status, body, type, expected) => {
      const { api } = await serve((_request, response) => {
        if (typeof body === 'string') {
          response.writeHead(status, {
            'Content-Type': 'text/plain',
            'X-Ratelimit-Remaining': '10',
          });
          response.end(body.replace('Text: ', ''));
        } else sendJson(response, status, body);
      });
      const error = await api.listMembers().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(type);
      const clubError = error as ClubError;
      expect(clubError.status).toBe(status);
      expect(`${clubError.message} ${clubError.serviceMessage}`).toContain(expected);
      expect(clubError.retryable).toBe(status === 500 || status === 403);
    });

    it('an answer that is not JSON is a retryable fault, not a crash', async () => {
      const { api } = await serve((_request, response) => {
        response.writeHead(200, { 'Content-Type': 'application/json' });
        response.end('<html>maintenance</html>');
      });
      await expect(api.listMembers()).rejects.toBeInstanceOf(ClubServiceFaultError);
    });

    it('a service that hangs past the timeout is a retryable fault', async () => {
      const { api } = await serve(() => undefined);
      const error = await api.listMembers().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ClubServiceFaultError);
      expect((error as Error).message).toContain('did not answer within 300 ms');
    });

    it('a call whose fetch never settles, even when aborted, still times out as a fault', async () => {
      // As Node 20's fetch does once garbage collection breaks the abort's link to the request.
      const deaf = () => new Promise<Response>(() => undefined);
      const client = createClubClient({
        baseUrl: 'http://127.0.0.1:9',
        token,
        timeoutMs: 200,
        fetch: deaf,
      });
      const error = await createClubApi(client, { token })
        .listMembers()
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ClubServiceFaultError);
      expect((error as Error).message).toContain('did not answer within 200 ms');
    });

    it('a refused connection is a retryable fault', async () => {
      const client = createClubClient({ baseUrl: 'http://127.0.0.1:9', token, timeoutMs: 1000 });
      const error = await createClubApi(client, { token })
        .listMembers()
        .catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ClubServiceFaultError);
      expect((error as ClubError).retryable).toBe(true);
    });

    it('a service that ignores Page is stopped after the repeat, not read forever', async () => {
      const page = Array.from({ length: 100 }, (_, index) => user(index));
      const { api, server } = await serve((_request, response) => sendJson(response, 200, page));
      await expect(api.listMembers()).rejects.toThrow(/ignored the Page parameter/);
      expect(server.requests).toHaveLength(2);
    });

    it('the token appears in no error’s text, even when the service echoes it', async () => {
      const errors: unknown[] = [];
      for (const status of [400, 401, 403, 404, 500]) {
        const { api } = await serve((_request, response) => {
          response.writeHead(status, { 'Content-Type': 'text/plain' });
          response.end(`rejected token ${token}`);
        });
        errors.push(await api.listMembers().catch((caught: unknown) => caught));
      }
      const timeout = await serve(() => undefined);
      errors.push(await timeout.api.listMembers().catch((caught: unknown) => caught));
      for (const error of errors) {
        const clubError = error as ClubError;
        const everything = [
          clubError.message,
          clubError.serviceMessage,
          String(clubError.stack),
          JSON.stringify(clubError),
        ].join(' ');
        expect(everything).not.toContain(token);
      }
    });
  });
});
