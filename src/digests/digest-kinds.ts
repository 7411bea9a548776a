import type { Weekday } from '../club/domain.js';
import type { AuditFieldGroup } from '../core/reply.js';
import type { BotRole } from '../core/roles.js';

export type DigestKind =
  'tonight' | 'deadlines' | 'renewals' | 'newcomers' | 'incidents' | 'checks';

/** What a kind of digest is, who may add it, when it runs by default and where it goes. */
export interface DigestKindInfo {
  kind: DigestKind;
  /** What it holds, for /help, /digest list and the post's title. */
  title: string;
  description: string;
  /** Who may add, preview and receive it. */
  roles: readonly BotRole[];
  /** Default time, HH:MM in the club's time zone. */
  at: string;
  /** Default weekday; undefined: every day. */
  on?: Weekday;
  /**
   * Where it goes: the channel it was added in, the DMs of the person who added it, or the DMs
   * of every welfare officer the bot knows on that platform.
   */
  goesTo: 'channel' | 'adder' | 'welfare';
  /** It shows personal data: only ever sent to DMs, and recorded in the audit trail. */
  personal: boolean;
  fieldGroups: readonly AuditFieldGroup[];
}

export const digestKinds: Readonly<Record<DigestKind, DigestKindInfo>> = {
  tonight: {
    kind: 'tonight',
    title: "Today's sessions",
    description: "today's sessions: times, place, coaches and swimmer counts",
    roles: ['coach', 'head-coach', 'committee'],
    at: '16:00',
    goesTo: 'channel',
    personal: false,
    fieldGroups: [],
  },
  deadlines: {
    kind: 'deadlines',
    title: 'Entry deadlines',
    description: 'meet entry deadlines and event entry closes within 14 days',
    roles: ['coach', 'head-coach', 'committee'],
    at: '08:00',
    on: 'Monday',
    goesTo: 'channel',
    personal: false,
    fieldGroups: [],
  },
  renewals: {
    kind: 'renewals',
    title: 'DBS and safeguarding renewals',
    description: 'DBS and safeguarding renewals due within 60 days, or overdue',
    roles: ['welfare'],
    at: '09:00',
    on: 'Monday',
    goesTo: 'welfare',
    personal: true,
    fieldGroups: ['safeguarding'],
  },
  newcomers: {
    kind: 'newcomers',
    title: 'New trial requests and waiting list',
    description: 'new trial requests and waiting-list entries since the last run',
    roles: ['membership', 'welfare'],
    at: '08:00',
    goesTo: 'adder',
    personal: true,
    fieldGroups: ['trial-requests', 'waiting-list'],
  },
  incidents: {
    kind: 'incidents',
    title: 'Incidents',
    description: 'open incidents older than 14 days, and incidents filed since the last run',
    roles: ['welfare'],
    at: '09:00',
    goesTo: 'welfare',
    personal: true,
    fieldGroups: ['incidents'],
  },
  checks: {
    kind: 'checks',
    title: 'Data checks',
    description: "gaps in the club's records, as /checks shows them: each officer their own kind",
    roles: ['welfare', 'membership'],
    at: '08:00',
    on: 'Monday',
    goesTo: 'adder',
    personal: true,
    fieldGroups: ['safeguarding', 'emergency-contacts', 'contact'],
  },
};

export const digestKindNames = Object.keys(digestKinds) as DigestKind[];

export function isDigestKind(value: string): value is DigestKind {
  return (digestKindNames as string[]).includes(value);
}

/** Whether someone with these roles may add, preview and receive this kind. */
export function entitledTo(kind: DigestKind, roles: readonly BotRole[]): boolean {
  return digestKinds[kind].roles.some((role) => roles.includes(role));
}
