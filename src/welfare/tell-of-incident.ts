import type { IncidentDraft } from '../club/drafts.js';
import type { Asker, ChatUser } from '../core/chat-user.js';
import type { ClubData } from '../core/club-data.js';
import { formatDay } from '../club/time/club-time.js';
import type { WelfareTold } from '../commands/incident/incident-new.js';
import { welfareOfficers } from '../commands/incident/incident-reporter.js';
import { displayName, membersByGuid } from '../club/members/members-of.js';
import type { Reply } from '../core/reply.js';
import { shortRef } from '../club/short-ref.js';
import type { WelfareHerald } from './welfare-herald.js';

/** An incident just filed, as the welfare officers are told of it. */
export interface IncidentFiled {
  /** The submission's idempotency key: a replayed job tells nobody twice. */
  key: string;
  guid: string;
  incident: Pick<IncidentDraft, 'title' | 'date'>;
  asker: Pick<Asker, 'user' | 'memberGuid'>;
  /** The club's today (yyyy-mm-dd), for the date's wording. */
  today: string;
}

const platformNames: Record<ChatUser['platform'], string> = {
  slack: 'Slack',
  discord: 'Discord',
  console: 'the console',
};

/**
 * Pure: the direct message of a new incident. Reference, title, date and reporter only: the
 * details stay in the incident book, behind `/incident show`, which checks who asks.
 */
export function incidentNotice(
  guid: string,
  incident: Pick<IncidentDraft, 'title' | 'date'>,
  reportedBy: string,
  today: string,
): Reply {
  const ref = shortRef(guid);
  return {
    title: 'New incident reported',
    fields: [
      { label: 'Reference', value: ref },
      { label: 'Title', value: incident.title },
      { label: 'Date', value: incident.date ? formatDay(incident.date, today) : 'Not given' },
      { label: 'Reported by', value: reportedBy },
    ],
    sections: [{ kind: 'text', text: `/incident show ${ref} shows it.` }],
    visibility: 'asker',
    personalData: true,
  };
}

/** Tells the welfare officers of an incident filed; resolves who was told, or whom to tell. */
export async function tellOfIncident(
  herald: WelfareHerald,
  data: Pick<ClubData, 'members' | 'whosWho'>,
  filed: IncidentFiled,
): Promise<WelfareTold> {
  const { asker } = filed;
  const member = asker.memberGuid
    ? membersByGuid((await data.members()).value).get(asker.memberGuid)
    : undefined;
  const where = platformNames[asker.user.platform];
  const reportedBy = member
    ? displayName(member)
    : `${asker.user.displayName ?? 'someone'} in ${where}, not linked to a member`;
  const names = await herald.tell(
    `incident:${filed.key}`,
    incidentNotice(filed.guid, filed.incident, reportedBy, filed.today),
    { except: asker.user },
  );
  if (names.length > 0) return { names };
  return { names, tellInstead: welfareOfficers((await data.whosWho()).value) };
}
