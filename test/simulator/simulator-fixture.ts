import { afterEach, expect } from 'vitest';
import { createClubApi, type ClubApi } from '../../src/club/club-api.js';
import { createClubLayout } from '../../src/club/club-layout.js';
import { specPathOf } from '../../src/club/collections.js';
import { createClubClient, type ClubHttpClient } from '../../src/club/create-club-client.js';
import {
  startSimulator,
  type RunningSimulator,
  type SimulatorOptions,
} from '../../src/simulator/start-simulator.js';
import { defaultLayoutOf } from '../../src/simulator/simulator-profile.js';
import { documentValidator, type SeenResponse } from './document-validator.js';

export const testToken = 'sim-test-token-7c1e';

/**
 * A simulator with the typed client of src/club pointed at it, in the simulator's layout; every
 * response is checked (at the document's spelling of its path).
 */
export interface TestSimulator {
  sim: RunningSimulator;
  /** The typed openapi-fetch client (for endpoints the ClubApi does not wrap). */
  client: ClubHttpClient;
  /** The domain client, as the bot uses it. */
  api: ClubApi;
  /** Every response seen so far, in order. */
  seen: SeenResponse[];
  /**
   * A raw call, sending the right token unless `token` says another (null: no token header); its
   * response is checked against the document too.
   */
  call(
    method: string,
    path: string,
    init?: CallInit,
  ): Promise<{
    status: number;
    remaining: number | undefined;
    headers: Headers;
    json: unknown;
  }>;
}

export interface CallInit {
  headers?: Record<string, string>;
  body?: unknown;
  /** The token to send; null sends no Authorization-Token header. Default: the right one. */
  token?: string | null;
}

export interface TestSimulatorOptions extends Partial<SimulatorOptions> {
  /** The client's timeout, ms. Default 2000. */
  timeoutMs?: number;
  /**
   * Whether every response must be valid against the document (checked after each test).
   * Default true in the `spec` profile; the others turn it off, since their records are off the
   * document (the real service's forms, or every form mixed).
   */
  validate?: boolean;
}

/**
 * Starts simulators for the tests of one file and stops them after each test. After each test it
 * also asserts that every response the simulator sent was valid against the document.
 */
export function useSimulators(): (options?: TestSimulatorOptions) => Promise<TestSimulator> {
  const running: { sim: RunningSimulator; problems: () => string[] }[] = [];
  afterEach(async () => {
    const problems = running.flatMap((entry) => entry.problems());
    await Promise.all(running.splice(0).map((entry) => entry.sim.stop()));
    expect(problems).toEqual([]);
  });

  return async (options = {}) => {
    const {
      timeoutMs = 2000,
      validate = (options.profile ?? 'spec') === 'spec',
      ...simulatorOptions
    } = options;
    const validator = await documentValidator();
    const sim = await startSimulator({
      token: testToken,
      members: 40,
      seed: 7,
      today: '2026-03-02',
      ...simulatorOptions,
    });
    const seen: SeenResponse[] = [];
    const seeingFetch = async (input: Request): Promise<Response> => {
      const response = await fetch(input);
      const url = new URL(input.url);
      seen.push({
        method: input.method,
        path: url.pathname,
        status: response.status,
        headers: response.headers,
        body: await response.clone().text(),
      });
      return response;
    };
    const layout = options.layout ?? defaultLayoutOf(options.profile ?? 'spec');
    // A path the layout does not serve (the other layout's) is no operation of the document.
    const asDocumented = (response: SeenResponse) => ({
      ...response,
      path: specPathOf(response.path, layout) ?? `/not-served${response.path}`,
    });
    running.push({
      sim,
      problems: () =>
        validate ? seen.flatMap((response) => validator.check(asDocumented(response))) : [],
    });
    const client = createClubClient({
      baseUrl: sim.url,
      token: options.token ?? testToken,
      layout: createClubLayout({ setting: layout }),
      timeoutMs,
      fetch: seeingFetch as typeof fetch,
    });
    return {
      sim,
      client,
      api: createClubApi(client, { token: options.token ?? testToken }),
      seen,
      async call(method, path, init = {}) {
        const response = await seeingFetch(
          new Request(sim.url + path, {
            method,
            headers: {
              ...(init.token === null
                ? {}
                : { 'Authorization-Token': init.token ?? options.token ?? testToken }),
              ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }),
              ...init.headers,
            },
            body: init.body === undefined ? undefined : JSON.stringify(init.body),
          }),
        );
        const text = await response.text();
        const remaining = response.headers.get('x-ratelimit-remaining');
        return {
          status: response.status,
          remaining: remaining === null ? undefined : Number(remaining),
          headers: response.headers,
          json: text === '' ? undefined : (JSON.parse(text) as unknown),
        };
      },
    };
  };
}
