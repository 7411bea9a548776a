import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { beyondSpecHandlers, beyondSpecOperations } from './beyond-spec-operations.js';
import { createCallBudget } from './create-call-budget.js';
import { createCallLog } from './create-call-log.js';
import { createClubStore } from './create-club-store.js';
import { createFaultInjector } from './create-fault-injector.js';
import { createOperationHandlers } from './create-operation-handlers.js';
import { createRouteTable } from './create-route-table.js';
import { createSimulatorAdmin, type SimulatorAdmin } from './create-simulator-admin.js';
import type { SimulatorClock } from './create-simulator-clock.js';
import { noFaults, type FaultSettings } from './fault-settings.js';
import type { ApiPipeline } from './handle-api-request.js';
import type { ClubContract } from './load-club-contract.js';
import { profileSerialisers } from './profile-serialisers.js';
import { seedClubRecords } from './seed-club-records.js';
import type { SimulatorOptions } from './simulator-options.js';
import { defaultLayoutOf } from './simulator-profile.js';
import { pathInLayout } from '../club/collections.js';

/** One club account of the simulator: its API pipeline (token, budget, records) and its control. */
export interface SimulatorAccount {
  pipeline: ApiPipeline;
  admin: SimulatorAdmin;
}

/** Seeds a club and builds its account: store, budget, faults, call log, handlers and routes. */
export function createSimulatorAccount(
  options: SimulatorOptions,
  contract: ClubContract,
  clock: SimulatorClock,
  hold: (response: ServerResponse) => void,
): SimulatorAccount {
  let club = {
    members: options.members ?? 250,
    seed: options.seed ?? 1,
    today: options.today ?? clock.today(),
  };
  const store = createClubStore(seedClubRecords(club));
  const budget = createCallBudget({
    dailyLimit: options.dailyLimit ?? 5000,
    remaining: options.remaining,
    now: clock.now,
  });
  const startingFaults: FaultSettings = {
    ...noFaults,
    ...options.faults,
    ...(options.latencyMs === undefined ? {} : { latencyMs: options.latencyMs }),
    ...(options.errorRate === undefined ? {} : { errorRate: options.errorRate }),
    ...(options.hangRate === undefined ? {} : { hangRate: options.hangRate }),
  };
  const faults = createFaultInjector(startingFaults);
  const calls = createCallLog();

  const profile = options.profile ?? 'spec';
  const context = {
    store,
    serialiser: profileSerialisers(profile, contract.fields),
    fields: contract.fields,
    today: clock.today,
    newGuid: randomUUID,
  };
  const handlers = createOperationHandlers(context);
  const unserved = contract.routes
    .map((route) => route.operationId)
    .filter((id) => !Object.hasOwn(handlers, id));
  if (unserved.length > 0) {
    throw new Error(
      `the document has operations the simulator does not serve: ${unserved.join(', ')}`,
    );
  }

  const admin = createSimulatorAdmin({
    store,
    budget,
    calls,
    faults,
    clock,
    startingFaults,
    reseed(update) {
      club = {
        members: update.members ?? club.members,
        seed: update.seed ?? club.seed,
        today: update.today ?? club.today,
      };
      store.load(seedClubRecords(club));
    },
  });
  const layout = options.layout ?? defaultLayoutOf(profile);
  const beyondSpec = options.beyondSpec ?? true;
  const routes = createRouteTable(
    [...contract.operations, ...(beyondSpec ? beyondSpecOperations : [])],
    (path) => pathInLayout(path, layout),
  );
  const pipeline = {
    token: options.token,
    contract,
    layout,
    route: routes.match,
    handlers: { ...handlers, ...(beyondSpec ? beyondSpecHandlers(context) : {}) },
    budget,
    calls,
    faults,
    hold,
  };
  return { pipeline, admin };
}
