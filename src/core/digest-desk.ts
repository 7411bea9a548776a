import type { DigestKind } from '../digests/digest-kinds.js';
import type { DigestSchedule } from '../digests/digest-schedule.js';
import type { DigestLimitReached } from '../digests/digest-limits.js';

/** A digest subscription as /digest shows it. */
export interface DigestView {
  id: string;
  kind: DigestKind;
  schedule: DigestSchedule;
  /** The channel it posts in (channel kinds); undefined for kinds sent to DMs. */
  channelId?: string;
  /** The channel's name when the digest was added, for showing ("#juniors"). */
  channelName?: string;
  /** The next run (epoch ms), as its job scheduler holds it. */
  nextRun?: number;
  /** Who added it: their member Guid when linked, and the name their platform shows. */
  addedByMember?: string;
  addedByName?: string;
  /** The asker added it. */
  addedByMe: boolean;
}

/**
 * What /digest works with, bound to the command's asker and the place it was typed in. The
 * worker supplies it; the handlers decide who may do what.
 */
export interface DigestDesk {
  /** The channel the command was typed in (the console's conversation); undefined in none. */
  readonly channelId?: string;
  /** Adds it, or nothing when the asker or the channel has the most digests allowed. */
  add(kind: DigestKind, schedule: DigestSchedule): Promise<DigestView | DigestLimitReached>;
  /** The subscriptions on the asker's platform. */
  list(): Promise<DigestView[]>;
  get(id: string): Promise<DigestView | undefined>;
  /** Removes it; undefined when it was not there. */
  remove(id: string): Promise<DigestView | undefined>;
  /** Keeps the asker as someone welfare digests may go to (checked again at send time). */
  remember(): Promise<void>;
}
