import type { AuditFieldGroup } from './reply.js';

/** One reply that showed personal data: who asked, when, whose records, which field groups. */
export interface AuditEntry {
  at: number;
  /** "slack:U123", "discord:1234…", "console:demo". */
  askedBy: string;
  /** The Guid of the club member the asker is linked to, if any. */
  askerMember?: string;
  command: string;
  /** Read-only: one list may be shared by many entries (a roster page shown again). */
  readonly members: readonly string[];
  fieldGroups: AuditFieldGroup[];
}
