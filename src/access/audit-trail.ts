import type { Redis } from 'ioredis';
import type { AuditEntry } from '../core/audit-entry.js';
import { auditEntrySchema } from '../core/core-schemas.js';
import { readStoredJson } from '../redis/stored-json.js';
import { clubKeys } from '../redis/club-keys.js';

export type { AuditEntry } from '../core/audit-entry.js';

/**
 * An audit entry ready to be written with the reply it is about (see `ReplyOutbox.put`): the
 * stream, the oldest id it keeps, and the entry.
 */
export interface AuditWrite {
  stream: string;
  minId: string;
  entry: AuditEntry;
}

export interface AuditTrail {
  /**
   * The write that records `entry`. It goes into Redis with the reply, in one step: an entry is
   * recorded exactly when its reply is left for delivery, and a re-run job's dropped repeat
   * records nothing.
   */
  writeOf(entry: AuditEntry): AuditWrite;
  /** Records an entry with no reply to go with it (an operator's command line). */
  record(entry: AuditEntry): Promise<void>;
  /** Newest first; only entries about `member` when given. */
  read(query: { member?: string; limit?: number }): Promise<AuditEntry[]>;
}

/**
 * The audit trail in a Redis stream, trimmed to its retention (default 90 days) on every write
 * (made by the reply outbox, with the reply).
 * It holds ids only: chat user ids and member Guids, never names or the data shown.
 */
export function createAuditTrail(options: {
  redis: Redis;
  prefix: string;
  retentionDays?: number;
}): AuditTrail {
  const key = clubKeys(options.prefix).audit;
  const retentionMs = (options.retentionDays ?? 90) * 24 * 3_600_000;
  const writeOf = (entry: AuditEntry): AuditWrite => {
    // Stream ids are Redis's own clock, so the retention is measured on the wall clock too.
    const oldest = Math.max(0, Date.now() - retentionMs);
    return { stream: key, minId: String(oldest), entry };
  };
  return {
    writeOf,
    async record(entry) {
      const write = writeOf(entry);
      await options.redis.xadd(
        write.stream,
        'MINID',
        '~',
        write.minId,
        '*',
        'entry',
        JSON.stringify(entry),
      );
    },
    async read({ member, limit = 50 }) {
      const entries: AuditEntry[] = [];
      let end = '+';
      // Read back in pages until enough entries match (a member's entries may be sparse).
      for (let pages = 0; entries.length < limit && pages < 50; pages += 1) {
        const page = await options.redis.xrevrange(key, end, '-', 'COUNT', 500);
        if (page.length === 0) break;
        for (const [, fields] of page) {
          // An entry written outside the bot, not of an entry's shape, is left out.
          const entry = readStoredJson(fields[1], auditEntrySchema);
          if (entry && (!member || entry.members.includes(member))) entries.push(entry);
          if (entries.length >= limit) break;
        }
        const last = page.at(-1)?.[0];
        if (!last || page.length < 500) break;
        end = `(${last}`;
      }
      return entries;
    },
  };
}
