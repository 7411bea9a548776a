import { randomUUID } from 'node:crypto';
import {
  type BudgetState,
  type PriorityState,
  type BudgetOptions,
  type DailyBudget,
  type GrantedReservation,
  type Reservation,
} from './daily-budget.js';
import { PRIORITIES, type Priority, priorityCeiling, priorityFloor } from './priority.js';
import { raiseUsedScript, reserveScript, stateScript } from './budget-scripts.js';
import { integerReply } from '../redis/redis-script.js';
import { budgetKey } from '../redis/club-keys.js';

const DEFAULT_LIMIT = 5000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** Creates the daily budget shared through `options.redis` by every process with the same prefix. */
export function createDailyBudget(options: BudgetOptions): DailyBudget {
  const { redis } = options;
  const limit = options.limit ?? DEFAULT_LIMIT;
  const windowMs = options.windowMs ?? DAY_MS;
  const clock = options.now ?? Date.now;
  if (!Number.isSafeInteger(limit) || limit < 2) {
    // Below 2, background reads would have a ceiling of 0 and never a unit to wait for.
    throw new RangeError(`budget limit must be an integer of at least 2, got ${limit}`);
  }
  if (!Number.isSafeInteger(windowMs) || windowMs < 1) {
    throw new RangeError(`budget windowMs must be a positive integer, got ${windowMs}`);
  }
  const key = budgetKey(options.prefix);
  const keys = [key];
  const now = (): number => Math.floor(clock());
  const remainingOf = (used: number): number => Math.max(0, limit - used);

  async function raiseUsedTo(target: number): Promise<void> {
    const at = now();
    await raiseUsedScript.run(redis, keys, [at, at - windowMs, windowMs, target, randomUUID()]);
  }

  return {
    async reserve(priority: Priority): Promise<Reservation> {
      const at = now();
      const ceiling = priorityCeiling(limit, priority);
      const id = randomUUID();
      const reply = await reserveScript.run(redis, keys, [
        at,
        at - windowMs,
        windowMs,
        ceiling,
        id,
      ]);
      const [granted, used = 0, retryAt = 0] = integerReply(reply, 3);
      return granted === 1
        ? { granted: true, id, used, remaining: remainingOf(used) }
        : { granted: false, reason: 'budget', retryAt, used, remaining: remainingOf(used) };
    },

    async release(reservation: GrantedReservation): Promise<void> {
      await redis.zrem(key, reservation.id);
    },

    async reconcile(remaining: number): Promise<void> {
      if (!Number.isSafeInteger(remaining) || remaining < 0) {
        throw new RangeError(`remaining must be a non-negative integer, got ${remaining}`);
      }
      // With a limit below the service's, its remaining can exceed ours: then nothing to raise.
      if (remaining < limit) await raiseUsedTo(limit - remaining);
    },

    async exhausted(): Promise<void> {
      await raiseUsedTo(limit);
    },

    async state(): Promise<BudgetState> {
      const at = now();
      const ceilings = PRIORITIES.map((priority) => priorityCeiling(limit, priority));
      const reply = integerReply(
        await stateScript.run(redis, keys, [at - windowMs, windowMs, ...ceilings]),
        2 + PRIORITIES.length,
      );
      const [used = 0, nextUnitAt = -1, ...leavesAt] = reply;
      const byPriority = Object.fromEntries(
        PRIORITIES.map((priority, i): [Priority, PriorityState] => {
          const ceiling = ceilings[i] ?? 0;
          const priorityNext = leavesAt[i] ?? -1;
          return [
            priority,
            {
              floor: priorityFloor(limit, priority),
              ceiling,
              available: Math.max(0, ceiling - used),
              nextUnitAt: priorityNext < 0 ? null : priorityNext,
            },
          ];
        }),
      ) as Record<Priority, PriorityState>;
      return {
        at,
        limit,
        used,
        remaining: remainingOf(used),
        windowMs,
        nextUnitAt: nextUnitAt < 0 ? null : nextUnitAt,
        byPriority,
      };
    },
  };
}
