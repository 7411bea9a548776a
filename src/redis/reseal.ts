import type { Redis } from 'ioredis';
import { sealedValues, type SealedScope, type SealedValue } from './sealed-values.js';
import type { SealedKind, Sealer } from './sealer.js';

/** What became of one kind's values. */
export interface KindCount {
  /** Sealed again under the first key, in the current format. */
  resealed: number;
  /** Already so. */
  current: number;
  /**
   * Still sealed under the older key or format: long-lived values that changed while being read
   * (run it again), or values that cannot be rewritten (an outbox entry, delivered in minutes).
   */
  left: number;
  /** No configured key opens them: changed outside the bot, or sealed with a key not configured. */
  unreadable: number;
}

/** Counts per kind, in the order the kinds were met. */
export type ResealReport = Map<SealedKind, KindCount>;

/** Options for {@link resealValues}. */
export interface ResealOptions {
  /** Count what would change, change nothing. Default: false. */
  dryRun?: boolean;
  /**
   * Seals a value the format before wrote in clear (a member link, an invite, a registry record);
   * returns undefined when the value is not such. Default: none (the migration gives one).
   */
  sealPlain?: (value: SealedValue, sealer: Sealer) => string | undefined;
}

/**
 * Seals every value of a deployment again under the first key of `sealer`, in the current format
 * (rotation; the migration to data format 2), each in its own place and only if unchanged since
 * read, so a value the bot rewrote meanwhile is kept. Values that expire are re-sealed too, which
 * saves the cache being loaded again; outbox entries are counted, not rewritten.
 */
export async function resealValues(
  redis: Redis,
  sealer: Sealer,
  scope: SealedScope,
  options: ResealOptions = {},
): Promise<ResealReport> {
  const report: ResealReport = new Map();
  for await (const value of sealedValues(redis, scope)) {
    const count = report.get(value.kind) ?? { resealed: 0, current: 0, left: 0, unreadable: 0 };
    report.set(value.kind, count);
    const own = sealer.forClub(value.club);
    const plain = options.sealPlain?.(value, own);
    const status = plain === undefined ? own.status(value.text, value.place) : 'stale';
    if (status === 'current') count.current += 1;
    else if (status === 'unopenable') count.unreadable += 1;
    else if (options.dryRun) count.resealed += 1;
    else {
      const next = plain ?? own.seal(own.open(value.text, value.place), value.place);
      if (await value.replace(next)) count.resealed += 1;
      else count.left += 1;
    }
  }
  return report;
}

/** The report as lines for an operator: one per kind, and the total of long-lived values left. */
export function describeReseal(report: ResealReport, verb = 'sealed again'): string[] {
  const lines = [...report].map(
    ([kind, count]) =>
      `${kind}: ${count.resealed} ${verb}, ${count.current} already current, ` +
      `${count.left} left, ${count.unreadable} unreadable`,
  );
  return lines.length > 0 ? lines : ['no sealed values found'];
}
