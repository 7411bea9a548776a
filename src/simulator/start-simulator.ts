import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SimulatorAdmin } from './create-simulator-admin.js';
import { createSimulatorAccount } from './create-simulator-account.js';
import { createSimulatorClubs } from './simulator-clubs.js';
import { createSimulatorClock } from './create-simulator-clock.js';
import type { FaultSettings } from './fault-settings.js';
import { handleAdminRequest } from './handle-admin-request.js';
import { handleApiRequest } from './handle-api-request.js';
import { loadClubContract } from './load-club-contract.js';
import { errorReply } from './reply.js';
import { sendReply } from './send-reply.js';
import type { ClubApiLayout } from '../club/collections.js';
import { describeError } from '../errors.js';

/** Options of {@link startSimulator}. */
export interface SimulatorOptions {
  /** The port to listen on; 0 picks a free one. Default 0. */
  port?: number;
  /** The address to listen on. Default 127.0.0.1 (loopback only). */
  host?: string;
  /** The account's API token: every club API call must send it as `Authorization-Token`. */
  token: string;
  /** The seeded club's size, 20 to 5000 members. Default 250. */
  members?: number;
  /** The seed of the fictional club. Default 1. */
  seed?: number;
  /** The club's today, yyyy-mm-dd (the seed's dates count from it). Default: the clock's date. */
  today?: string;
  /** Calls allowed per 24-hour window. Default 5000 (the spec's limit). */
  dailyLimit?: number;
  /** Calls left in the first window. Default: `dailyLimit`. */
  remaining?: number;
  /** Latency added to every club API call, ms. Default 0. */
  latencyMs?: number;
  /** Share of club API calls answered 500, 0 to 1. Default 0. */
  errorRate?: number;
  /** Share of club API calls never answered until the server closes, 0 to 1. Default 0. */
  hangRate?: number;
  /** Fault settings beyond the three above (paths, commitBeforeError, seed). Default: none. */
  faults?: Partial<FaultSettings>;
  /**
   * Serve records as the real service does, off the document: flags as 1/0, "1"/"0" or "Yes"/"No"
   * record by record, the other field spellings, relationship lists as `[{ Guid }]` and every field
   * present (`""` when empty). Default false.
   */
  quirks?: boolean;
  /**
   * The paths to serve: `spec` (`/api/Users`, `/api/ClubSessions`, ...) or `bare` (`/Members`,
   * `/ClubSessions`, ...); the other layout's paths answer 404. Default `spec`.
   */
  layout?: ClubApiLayout;
  /** The clock, ms since the epoch, for budget windows and today. Default `Date.now`. */
  now?: () => number;
  /**
   * Club accounts served at once: with more than one, club `n` answers the token `<token>-<n>`,
   * with a club of its own seeded from `seed + n - 1` on its first call and a daily limit of its
   * own. Default 1 (the token is `token`).
   */
  clubs?: number;
}

/** A running simulator. */
export interface RunningSimulator {
  /** Base URL, e.g. `http://127.0.0.1:4010` (the club API's paths are the layout's). */
  url: string;
  port: number;
  /** Closes every connection (hung calls included) and stops listening. Safe to call twice. */
  stop(): Promise<void>;
  /** In-process control: the same as the HTTP admin surface under `/__sim/`. */
  admin: SimulatorAdmin;
  /** With `clubs`, the control of club `n` (club 1 is `admin`'s); its token is `<token>-<n>`. */
  club(n: number): SimulatorAdmin;
}

/**
 * Starts the club-service simulator: a stateful fake of the club service, driven by
 * `openapi/club-service.yaml`, serving a seeded fictional club, with the spec's token check,
 * paging and daily call budget, optional faults and quirks, and an admin surface under `/__sim/`.
 */
export async function startSimulator(options: SimulatorOptions): Promise<RunningSimulator> {
  if (!options.token) throw new RangeError('token must not be empty');
  const contract = await loadClubContract();
  const clock = createSimulatorClock(options.now ?? Date.now, options.today);
  const hung = new Set<ServerResponse>();
  const hold = (response: ServerResponse) => {
    hung.add(response);
    response.on('close', () => hung.delete(response));
  };
  const open = (token: string, seed: number) =>
    createSimulatorAccount({ ...options, token, seed }, contract, clock, hold);
  const many = (options.clubs ?? 1) > 1;
  const first = open(many ? `${options.token}-1` : options.token, options.seed ?? 1);
  const clubs = createSimulatorClubs(options, first, open);
  const { admin } = first;

  const server = createServer((request, response) => {
    const admins = request.url?.startsWith('/__sim/') ?? false;
    const account = admins ? first : clubs.byToken(request.headers['authorization-token']);
    const handled = admins
      ? handleAdminRequest(admin, request, response)
      : handleApiRequest(account.pipeline, request, response);
    handled.catch((error: unknown) => {
      const message = describeError(error);
      const remaining = account.pipeline.budget.remaining();
      sendReply(response, errorReply(500, `Simulator failure: ${message}`), remaining);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address, port } = server.address() as AddressInfo;
  const host = address.includes(':') ? `[${address}]` : address;

  let stopping: Promise<void> | undefined;
  return {
    url: `http://${host}:${port}`,
    port,
    admin,
    club: (n) => clubs.account(n).admin,
    stop() {
      stopping ??= new Promise<void>((resolve) => {
        for (const response of hung) response.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      });
      return stopping;
    },
  };
}
