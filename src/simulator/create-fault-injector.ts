import { noFaults, parseFaultUpdate, type FaultSettings } from './fault-settings.js';
import { createRandom, type Random } from './seed/random.js';

/** What happens to one call. */
export interface FaultDecision {
  /** Wait this long before answering (or before hanging). */
  latencyMs: number;
  /** `pass`: answer normally; `error`: answer 500; `hang`: never answer. */
  outcome: 'pass' | 'error' | 'hang';
}

export interface FaultInjector {
  settings(): FaultSettings;
  /** Merges a partial update (validated); a new seed restarts the draws. Returns the settings. */
  update(update: unknown): FaultSettings;
  /** Decides the fate of one call. */
  decide(method: string, path: string): FaultDecision;
  /** Restarts the draws from the seed (the settings stay). */
  restart(): void;
}

const pass: FaultDecision = { latencyMs: 0, outcome: 'pass' };

/**
 * Draws faults from a seeded generator, so the same calls in the same order meet the same faults.
 * Every affected call consumes two draws (hang, then error) whatever the rates, so changing one
 * rate does not reshuffle which calls the other hits.
 */
export function createFaultInjector(initial: Partial<FaultSettings> = {}): FaultInjector {
  let settings: FaultSettings = { ...noFaults, ...parseFaultUpdate(initial) };
  let random: Random = createRandom(settings.seed, 'faults');

  const affects = (method: string, path: string) =>
    settings.paths.length === 0 ||
    settings.paths.some((entry) => {
      const space = entry.indexOf(' ');
      const wanted = space === -1 ? undefined : entry.slice(0, space).toUpperCase();
      const prefix = space === -1 ? entry : entry.slice(space + 1);
      return (wanted === undefined || wanted === method) && underPrefix(path, prefix);
    });

  return {
    settings: () => ({ ...settings, paths: [...settings.paths] }),
    update(update) {
      const changes = parseFaultUpdate(update);
      settings = { ...settings, ...changes };
      if (changes.seed !== undefined) random = createRandom(settings.seed, 'faults');
      return { ...settings, paths: [...settings.paths] };
    },
    decide(method, path) {
      if (!affects(method, path)) return pass;
      const hang = random.next() < settings.hangRate;
      const error = random.next() < settings.errorRate;
      return {
        latencyMs: settings.latencyMs,
        outcome: hang ? 'hang' : error ? 'error' : 'pass',
      };
    },
    restart() {
      random = createRandom(settings.seed, 'faults');
    },
  };
}

/** `/api/Users` covers `/api/Users` and `/api/Users/…`, not `/api/UsersX`. */
function underPrefix(path: string, prefix: string): boolean {
  const bare = prefix.length > 1 ? prefix.replace(/\/+$/, '') : prefix;
  return path === bare || path.startsWith(bare.endsWith('/') ? bare : `${bare}/`);
}
