import { clubClock, formatDay } from '../club/time/club-time.js';
import type { Cached, ClubData } from '../core/club-data.js';
import type { Reply, ReplySection } from '../core/reply.js';
import { addDays } from './calendar-days.js';
import { deadlineLine, deadlinesBetween } from './compose-deadlines.js';
import { incidentRow, longOpenIncidents } from './compose-incidents.js';
import { renewalRow, renewalsDue } from './compose-renewals.js';
import { sessionsOn, sessionsTable } from './compose-sessions.js';
import { digestKinds, type DigestKind } from './digest-kinds.js';
import type { CodeOfConductReading } from '../cache/read-code-of-conduct.js';
import type { BotRole } from '../core/roles.js';
import { checkKindsFor, makeChecks } from '../commands/checks/read-checks.js';

/** What a run knows of the last one, to tell what is new. */
export interface DigestSince {
  /** Guids of the records the last run saw; undefined on a first run. */
  seen?: ReadonlySet<string>;
  /** yyyy-mm-dd: without `seen`, records dated from this day on are new. */
  from: string;
}

/** A digest's content, before the runner frames it (late, first run, data age). */
export interface DigestBody {
  reply: Reply;
  /** How many things it reports: none means it is not posted (except on a first run). */
  items: number;
  /** Whose records it shows, for the audit trail. */
  members: string[];
  /** Guids to remember for the next run's "since the last run". */
  seen?: string[];
  /** The data it was made from, for the footer stating its age. */
  sources: Pick<Cached<unknown>, 'fetchedAt' | 'stale'>[];
}

/** What a digest is made from: the club's data, the clock, and the last run. */
export interface DigestMaking {
  data: ClubData;
  now: Date;
  timezone: string;
  since: DigestSince;
  /** The roles of the one who reads it: the checks digest shows each officer their own kind. */
  roles?: readonly BotRole[];
  /** The host's codes of conduct, for the welfare checks. Default: not served. */
  codeOfConduct?: () => Promise<CodeOfConductReading>;
}

/** Reads what a kind needs and makes its content. Budget errors pass through to the runner. */
export async function composeDigest(kind: DigestKind, making: DigestMaking): Promise<DigestBody> {
  const { data, now, timezone, since } = making;
  const today = clubClock(now, timezone);
  const info = digestKinds[kind];
  const frame = (sections: ReplySection[], items: number) => ({
    title: `${info.title}: ${formatDay(today.date)}`,
    sections,
    visibility: info.personal ? ('asker' as const) : ('channel' as const),
    personalData: info.personal,
    items,
  });
  const isNew = (guid: string, date: string | undefined) =>
    since.seen ? !since.seen.has(guid) : (date ?? '') >= since.from;

  switch (kind) {
    case 'tonight': {
      const [sessions, members] = await Promise.all([data.sessions(), data.members()]);
      const running = sessionsOn(sessions.value, today.date, today.weekday);
      const { items, ...reply } = frame(
        running.length > 0 ? [sessionsTable(running, members.value)] : [],
        running.length,
      );
      return { reply, items, members: [], sources: [sessions, members] };
    }
    case 'deadlines': {
      const [meets, events] = await Promise.all([data.meets(), data.events()]);
      const due = deadlinesBetween(meets.value, events.value, today.date, addDays(today.date, 14));
      const lines = due.map((deadline) => deadlineLine(deadline, today.date));
      const { items, ...reply } = frame(
        lines.length > 0 ? [{ kind: 'list', items: lines }] : [],
        lines.length,
      );
      return { reply, items, members: [], sources: [meets, events] };
    }
    case 'renewals': {
      const members = await data.members();
      const due = renewalsDue(members.value, today.date);
      const section: ReplySection = {
        kind: 'table',
        columns: ['Name', 'Renewal', 'Date', 'When'],
        rows: due.map((renewal) => renewalRow(renewal, today.date)),
      };
      const { items, ...reply } = frame(due.length > 0 ? [section] : [], due.length);
      const guids = [...new Set(due.map((renewal) => renewal.member.guid))];
      return { reply, items, members: guids, sources: [members] };
    }
    case 'newcomers': {
      const [trials, waiting] = await Promise.all([data.trialRequests(), data.waitingList()]);
      const newTrials = trials.value.filter((t) => isNew(t.guid, t.dateAdded));
      const newWaiting = waiting.value.filter((w) => isNew(w.guid, w.dateAdded));
      const row = (person: { firstName: string; lastName: string; dateAdded?: string }) => [
        `${person.firstName} ${person.lastName}`.trim(),
        person.dateAdded ? formatDay(person.dateAdded) : 'not recorded',
      ];
      const sections: ReplySection[] = [
        ...(newTrials.length > 0
          ? [
              {
                kind: 'table' as const,
                title: 'Trial requests',
                columns: ['Name', 'Added'],
                rows: newTrials.map(row),
              },
            ]
          : []),
        ...(newWaiting.length > 0
          ? [
              {
                kind: 'table' as const,
                title: 'Waiting list',
                columns: ['Name', 'Added'],
                rows: newWaiting.map(row),
              },
            ]
          : []),
      ];
      const { items, ...reply } = frame(sections, newTrials.length + newWaiting.length);
      const seen = [...trials.value, ...waiting.value].map((record) => record.guid);
      return { reply, items, members: [], seen, sources: [trials, waiting] };
    }
    case 'checks': {
      const made = await makeChecks(checkKindsFor(making.roles ?? []), {
        data,
        codeOfConduct: making.codeOfConduct,
        today: today.date,
      });
      const { items, ...reply } = frame(made.items > 0 ? made.sections : [], made.items);
      return { reply, items, members: made.members, sources: made.sources };
    }
    case 'incidents': {
      const incidents = await data.incidents();
      const longOpen = longOpenIncidents(incidents.value, today.date);
      const filed = incidents.value.filter((incident) => isNew(incident.guid, incident.date));
      const table = (title: string, rows: string[][]): ReplySection[] =>
        rows.length > 0
          ? [{ kind: 'table', title, columns: ['Incident', 'Date', 'Status'], rows }]
          : [];
      const { items, ...reply } = frame(
        [
          ...table('Filed since the last digest', filed.map(incidentRow)),
          ...table('Open for more than 14 days', longOpen.map(incidentRow)),
        ],
        filed.length + longOpen.length,
      );
      const reporters = [...filed, ...longOpen].flatMap((i) =>
        i.addedBy.flatMap((p) => p.guid ?? []),
      );
      const seen = incidents.value.map((incident) => incident.guid);
      return { reply, items, members: [...new Set(reporters)], seen, sources: [incidents] };
    }
  }
}
