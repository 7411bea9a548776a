import type { Member, WhosWhoCategory } from '../../club/domain.js';
import type { Asker, ChatUser } from '../../core/chat-user.js';
import { displayName, currentMembersWithEmail } from '../../club/members/members-of.js';
import type { FormValues } from '../../core/form.js';
import { unlinkedReason } from '../../core/unlinked-reason.js';

/** Who an incident is filed under; `note` goes at the top of its details. */
export type ReporterMatch =
  { ok: true; guid: string; note?: string } | { ok: false; message: string };

/** What deciding the reporter of an unlinked person's incident reads. */
export interface UnlinkedReportContext {
  members: readonly Member[];
  whosWho: readonly WhosWhoCategory[];
  /** `CLUB_REPORTS_MEMBER`: the Guid or email of the member such reports are filed under. */
  reportsMember?: string;
}

/** Characters kept free in the details for the note on a report from an unlinked person. */
export const unlinkedNoteRoom = 300;

/**
 * Pure: the member an incident is filed under. A linked asker is that member, whatever they
 * typed. Anyone else is still heard, but never filed under a member they may not be: under the
 * bot's own reports account with a note saying who sent it, or, with no such account, not at all,
 * with the welfare officers to tell instead. What they typed is never matched to members.
 */
export function incidentReporter(
  asker: Pick<Asker, 'memberGuid' | 'user' | 'unlinkedBecause'>,
  values: FormValues,
  context: UnlinkedReportContext,
): ReporterMatch {
  if (asker.memberGuid !== undefined) return { ok: true, guid: asker.memberGuid };
  const account = reportsAccount(context.members, context.reportsMember);
  if (account) return { ok: true, guid: account.guid, note: unlinkedNote(asker.user, values) };
  const why = unlinkedReason(asker);
  return {
    ok: false,
    message: `The bot cannot tell which club member you are, so it cannot file this in the club's incident book. Please tell ${welfareOfficers(context.whosWho)} directly. Nothing was filed; what you typed is below, so you can pass it on.${why ? ` ${why}` : ''}`,
  };
}

/** The member `setting` names: that Guid, or the one active member with that email. */
export function reportsAccount(
  members: readonly Member[],
  setting: string | undefined,
): Member | undefined {
  const wanted = setting?.trim().toLowerCase();
  if (!wanted) return undefined;
  const byGuid = members.find((member) => member.guid.toLowerCase() === wanted);
  if (byGuid) return byGuid;
  const byEmail = currentMembersWithEmail(members, wanted);
  return byEmail.length === 1 ? byEmail[0] : undefined;
}

const platformNames: Record<ChatUser['platform'], string> = {
  slack: 'Slack',
  discord: 'Discord',
  console: 'the console',
};

/** "Reported in Slack by Jo (U123), not linked to a member; name given: Jo Bloggs." */
export function unlinkedNote(user: ChatUser, values: FormValues): string {
  const clean = (text: string, most: number) =>
    [...text.replace(/\s+/g, ' ').trim()].slice(0, most).join('');
  const id = clean(user.userId, 40);
  const shown = clean(user.displayName ?? '', 80);
  const who = shown ? `${shown} (${id})` : `user ${id}`;
  const given = clean(values.reporter ?? '', 100) || 'none';
  return `Reported in ${platformNames[user.platform]} by ${who}, not linked to a member; name given: ${given}.`;
}

/** "the welfare officer (Wendy Hale, Welfare Officer; …)" from who's who, or a pointer to it. */
export function welfareOfficers(whosWho: readonly WhosWhoCategory[]): string {
  const welfare = /welfare|safeguarding/i;
  const people = whosWho.flatMap((category) =>
    category.members.filter(
      (person) => welfare.test(category.category) || welfare.test(person.notes ?? ''),
    ),
  );
  const names = [
    ...new Set(
      people.map((person) =>
        person.notes ? `${displayName(person)}, ${person.notes}` : displayName(person),
      ),
    ),
  ];
  return names.length > 0
    ? `the club's welfare officer (${names.join('; ')})`
    : "the club's welfare officer (/whoswho lists the club's officers)";
}
