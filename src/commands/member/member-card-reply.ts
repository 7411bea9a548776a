import { fitRefusal } from '../../access/refusal-reply.js';
import type { ClubSession, Member, MemberSensitive } from '../../club/domain.js';
import { ageOn, formatDay } from '../../club/time/club-time.js';
import { currentSessionsOf } from '../../club/time/current-sessions-of.js';
import { displayName, membersByGuid } from '../../club/members/members-of.js';
import type { MemberEntitlements } from './member-entitlements.js';
import type { Reply, ReplyField, ReplySection } from '../../core/reply.js';

export interface MemberCard {
  member: Member;
  /** Every member, to name parents. */
  members: readonly Member[];
  sessions: readonly ClubSession[];
  rights: MemberEntitlements;
  /** Read per request, only when `rights` allow special-category or safeguarding data. */
  sensitive?: MemberSensitive;
  /** The club's today, yyyy-mm-dd. */
  today: string;
  /** The welfare officers by name, for saying who may see what is withheld. Default: none. */
  welfare?: string;
}

/** Pure: one member's record, showing only what `rights` allow. */
export function memberCardReply(card: MemberCard): Reply {
  const { member, rights, sensitive } = card;
  const sections: ReplySection[] = [
    ...contactSections(card),
    ...(rights.specialCategory && sensitive ? [healthSection(sensitive)] : []),
    ...(rights.safeguarding && sensitive ? [safeguardingSection(sensitive)] : []),
  ];
  return {
    title: member.active ? displayName(member) : `${displayName(member)} (left the club)`,
    fields: summary(card),
    sections,
    visibility: 'asker',
    personalData: true,
    audit: {
      members: [member.guid],
      fieldGroups: [
        ...(rights.contactDetails ? (['contact', 'emergency-contacts'] as const) : []),
        ...(rights.specialCategory && sensitive ? (['health'] as const) : []),
        ...(rights.safeguarding && sensitive ? (['safeguarding'] as const) : []),
      ],
    },
  };
}

/** Name and kinds for anyone who may run the command; age and sessions with the contact details. */
function summary({ member, sessions, today, rights }: MemberCard): ReplyField[] {
  const age = rights.contactDetails ? ageOn(member.dateOfBirth, today) : undefined;
  const kinds = memberKinds(member);
  const theirs = rights.contactDetails
    ? currentSessionsOf(sessions, member.guid).map((session) => session.name)
    : [];
  return [
    { label: 'Name', value: [member.firstName, member.lastName].filter(Boolean).join(' ') },
    ...(member.knownAs ? [{ label: 'Known as', value: member.knownAs }] : []),
    ...(age !== undefined ? [{ label: 'Age', value: `${age}` }] : []),
    ...(kinds ? [{ label: 'Member', value: kinds }] : []),
    ...(theirs.length > 0 ? [{ label: 'Sessions', value: theirs.join(', ') }] : []),
  ];
}

/** "Swimmer, Coach", for telling people apart. */
export function memberKinds(member: Member): string {
  const kinds: [boolean, string][] = [
    [member.isSwimmer, 'Swimmer'],
    [member.isCoach, 'Coach'],
    [member.isVolunteer, 'Volunteer'],
    [member.isCommitteeMember, 'Committee'],
    [member.isParent, 'Parent'],
  ];
  return kinds
    .filter(([yes]) => yes)
    .map(([, kind]) => kind)
    .join(', ');
}

function contactSections(card: MemberCard): ReplySection[] {
  const { member, members, rights, today } = card;
  if (!rights.contactDetails)
    return [{ kind: 'text', title: 'Contact', text: whoSeesContacts(card) }];
  const sections: ReplySection[] = [];
  if (rights.ownContactDetails) {
    sections.push({ kind: 'fields', title: 'Contact', fields: contactFields(member) });
  } else {
    const why =
      ageOn(member.dateOfBirth, today) === undefined
        ? 'No date of birth on record, so treated as under 18'
        : 'Under 18';
    sections.push({
      kind: 'text',
      title: 'Contact',
      text: `${why}: contact the parents or emergency contacts below. A child's own phone, email and address are shown only to the welfare officer.`,
    });
  }
  if (member.emergencyContacts.length > 0) {
    sections.push({
      kind: 'list',
      title: 'Emergency contacts',
      items: member.emergencyContacts.map((c) => [c.name, c.phone].filter(Boolean).join(': ')),
    });
  }
  if (rights.isChild) {
    sections.push({
      kind: 'fields',
      title: 'Consents from parents',
      fields: consentFields(member),
    });
  }
  const byGuid = membersByGuid(members);
  const parents = member.parents
    .map((guid) => byGuid.get(guid))
    .filter((parent): parent is Member => parent !== undefined);
  if (parents.length > 0) {
    sections.push({
      kind: 'table',
      title: 'Parents',
      columns: ['Parent', 'Mobile', 'Home', 'Email'],
      rows: parents.map((parent) => [
        displayName(parent),
        parent.mobilePhone ?? '',
        parent.homePhone ?? '',
        parent.email ?? '',
      ]),
    });
  } else if (member.primaryContactName) {
    const relation = member.relationshipToMember ? ` (${member.relationshipToMember})` : '';
    sections.push({
      kind: 'text',
      title: 'Primary contact',
      text: `${member.primaryContactName}${relation}`,
    });
  }
  return sections;
}

/** A child's consents in words: given (a date on record) or not, the dates left out. */
function consentFields({ consents }: Member): ReplyField[] {
  const said = (given: boolean) => (given ? 'Given' : 'None on record');
  return [
    { label: 'Photos', value: said(consents.imageUse) },
    { label: 'Video', value: said(consents.videoUse) },
    { label: 'Travel', value: said(consents.travel) },
  ];
}

function contactFields(member: Member): ReplyField[] {
  const address = [...member.address, member.town, member.county, member.postcode]
    .filter(Boolean)
    .join(', ');
  return [
    { label: 'Email', value: member.email ?? 'Not given' },
    { label: 'Mobile', value: member.mobilePhone ?? 'Not given' },
    { label: 'Home phone', value: member.homePhone ?? 'Not given' },
    { label: 'Address', value: address || 'Not given' },
  ];
}

function healthSection(sensitive: MemberSensitive): ReplySection {
  const doctor = [sensitive.doctor, sensitive.doctorPhone].filter(Boolean).join(', ');
  return {
    kind: 'fields',
    title: 'Health (confidential)',
    fields: [
      { label: 'Medical history', value: sensitive.medicalHistory ?? 'None recorded' },
      { label: 'Allergies', value: sensitive.allergies ?? 'None recorded' },
      { label: 'Disability', value: sensitive.disabilityDetails ?? 'None recorded' },
      { label: 'Doctor', value: doctor || 'Not recorded' },
    ],
  };
}

function safeguardingSection(sensitive: MemberSensitive): ReplySection {
  const day = (value: string | undefined) => (value ? formatDay(value) : 'Not recorded');
  return {
    kind: 'fields',
    title: 'DBS and safeguarding (confidential)',
    fields: [
      { label: 'DBS check', value: day(sensitive.dbsDate) },
      { label: 'DBS renewal', value: day(sensitive.dbsRenewalDate) },
      { label: 'DBS certificate', value: sensitive.dbsCertificateNumber ?? 'Not recorded' },
      { label: 'Safeguarding training', value: day(sensitive.safeguardingDate) },
      { label: 'Safeguarding renewal', value: day(sensitive.safeguardingRenewalDate) },
    ],
  };
}

/** "Contact details are shown to the welfare officer (…) and to the coaches of their sessions: …". */
function whoSeesContacts({ member, members, sessions, welfare }: MemberCard): string {
  const byGuid = membersByGuid(members);
  const coaches = [
    ...new Set(
      currentSessionsOf(sessions, member.guid).flatMap((session) =>
        session.coaches.flatMap((coach) => {
          const found = byGuid.get(coach.guid);
          return found ? [displayName(found)] : [];
        }),
      ),
    ),
  ];
  const officer = welfare ? `the welfare officer (${welfare})` : 'the welfare officer';
  const shown = coaches.slice(0, 4).join(', ');
  const more = coaches.length > 4 ? ` and ${coaches.length - 4} more` : '';
  return fitRefusal(() =>
    coaches.length > 0
      ? `Contact details are shown to ${officer} and to the coaches of their sessions: ${shown}${more}.`
      : `Contact details are shown to ${officer} and to the coaches of the member's own sessions.`,
  );
}
