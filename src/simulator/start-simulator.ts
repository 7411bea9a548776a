import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SimulatorAdmin } from './create-simulator-admin.js';
import { createSimulatorAccount } from './create-simulator-account.js';
import { createSimulatorClubs } from './simulator-clubs.js';
import { createSimulatorClock } from './create-simulator-clock.js';
import { handleAdminRequest } from './handle-admin-request.js';
import { handleApiRequest } from './handle-api-request.js';
import { loadClubContract } from './load-club-contract.js';
import { errorReply } from './reply.js';
import { sendReply } from './send-reply.js';
import { describeError } from '../errors.js';
import type { SimulatorOptions } from './simulator-options.js';

export type { SimulatorOptions } from './simulator-options.js';

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
 * paging and daily call budget, optional faults, a wire profile (spec, real, chaos), the real
 * host's collections beyond the spec, and an admin surface under `/__sim/` (docs/simulator.md).
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
