import type { CallBudget, CallBudgetState } from './create-call-budget.js';
import type { CallCounts, CallLog } from './create-call-log.js';
import type { ClubStore } from './create-club-store.js';
import type { FaultInjector } from './create-fault-injector.js';
import type { SimulatorClock } from './create-simulator-clock.js';
import type { FaultSettings } from './fault-settings.js';
import {
  isHeldCollection,
  servedCollection,
  type CollectionRef,
  type ServedCollection,
  type WireRecord,
} from './simulator-collections.js';

/** What a reset may also do. */
export interface ResetOptions {
  /** Regenerate the seeded club (every write is lost). Default false: the records stay. */
  reseed?: boolean;
  /** With `reseed`: the new club's size. Default: the current one. */
  members?: number;
  /** With `reseed`: the new club's seed. Default: the current one. */
  seed?: number;
  /** With `reseed`: the new club's today, yyyy-mm-dd. Default: the current one. */
  today?: string;
}

/**
 * The simulator's control surface, for tests, the demo and the benchmarks: in process here, and
 * over HTTP under `/__sim/` (no token, not counted in the budget, not part of the club API).
 */
export interface SimulatorAdmin {
  /** Calls received on the club API, by method, path template and status, and in total. */
  calls(): CallCounts;
  /**
   * Back to how the simulator started: call counts cleared, the budget at its starting limit and
   * remaining with no window begun, the starting fault settings (draws restarted). Records stay
   * unless `reseed`. The clock is not moved back.
   */
  reset(options?: ResetOptions): void;
  faults(): FaultSettings;
  /** Merges a partial update of the fault settings; throws RangeError naming a bad field. */
  setFaults(update: Partial<FaultSettings>): FaultSettings;
  budget(): CallBudgetState;
  /** Sets the limit and/or the calls left in the current window; throws RangeError on bad values. */
  setBudget(update: { remaining?: number; dailyLimit?: number }): CallBudgetState;
  /**
   * The records of a collection as stored (whatever the profile serves), e.g. to count incidents filed. The
   * collection is named as its path names it (`IncidentBook`) or as the client does (`incidents`);
   * throws RangeError for another name.
   */
  records(collection: CollectionRef): WireRecord[];
  /**
   * Replaces a collection's records (each needs a unique string Guid, WhosWho's one excepted);
   * CommitteeMembers cannot be set (they are the users with CommitteeMember 1).
   */
  setRecords(collection: CollectionRef, records: readonly WireRecord[]): void;
  /** Moves the simulator's clock (budget windows, today) by `ms`; returns the new now. */
  advanceClock(ms: number): number;
  /** The simulator's clock: now (ms since the epoch) and the club's today. */
  clock(): { now: number; today: string };
}

export interface SimulatorParts {
  store: ClubStore;
  budget: CallBudget;
  calls: CallLog;
  faults: FaultInjector;
  clock: SimulatorClock;
  startingFaults: FaultSettings;
  /** Regenerates the club's records. */
  reseed(options: ResetOptions): void;
}

export function createSimulatorAdmin(parts: SimulatorParts): SimulatorAdmin {
  const { store, budget, calls, faults, clock } = parts;
  return {
    calls: () => calls.counts(),
    reset(options = {}) {
      calls.reset();
      budget.reset();
      faults.update(parts.startingFaults);
      faults.restart();
      if (options.reseed) parts.reseed(options);
    },
    faults: () => faults.settings(),
    setFaults: (update) => faults.update(update),
    budget: () => budget.state(),
    setBudget: (update) => budget.set(update),
    records: (collection) => [...store.list(resolve(collection))],
    setRecords(name, records) {
      const collection = resolve(name);
      if (!isHeldCollection(collection)) {
        throw new RangeError(`${name} cannot be set: it is the users with CommitteeMember 1`);
      }
      if (collection !== 'WhosWho') checkGuids(records);
      store.setAll(collection, structuredClone(records));
    },
    advanceClock: (ms) => clock.advance(ms),
    clock: () => ({ now: clock.now(), today: clock.today() }),
  };
}

function resolve(name: string): ServedCollection {
  const collection = servedCollection(name);
  if (!collection) throw new RangeError(`no such collection: ${name}`);
  return collection;
}

function checkGuids(records: readonly WireRecord[]) {
  const seen = new Set<string>();
  records.forEach((record, index) => {
    const guid = typeof record === 'object' && record !== null ? record.Guid : undefined;
    if (typeof guid !== 'string' || guid === '') {
      throw new RangeError(`records[${index}]: needs a string Guid`);
    }
    if (seen.has(guid)) throw new RangeError(`records[${index}]: Guid ${guid} appears twice`);
    seen.add(guid);
  });
}
