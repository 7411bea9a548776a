import type { Member } from '../club/domain.js';
import { formatDay } from '../club/time/club-time.js';
import { displayName } from '../club/members/members-of.js';
import { addDays, daysFromTo } from './calendar-days.js';

/** Renewals are flagged this many days before they fall due (as the governing body's tools do). */
export const renewalWarningDays = 60;

/** One renewal due soon, or overdue. */
export interface RenewalDue {
  member: Member;
  what: 'DBS' | 'Safeguarding';
  date: string;
}

/** Pure: the DBS and safeguarding renewals of active members due by `today` + 60 days, or overdue. */
export function renewalsDue(members: readonly Member[], today: string): RenewalDue[] {
  const by = addDays(today, renewalWarningDays);
  const due: RenewalDue[] = [];
  for (const member of members) {
    if (!member.active) continue;
    if (member.dbsRenewalDate && member.dbsRenewalDate <= by) {
      due.push({ member, what: 'DBS', date: member.dbsRenewalDate });
    }
    if (member.safeguardingRenewalDate && member.safeguardingRenewalDate <= by) {
      due.push({ member, what: 'Safeguarding', date: member.safeguardingRenewalDate });
    }
  }
  return due.sort((a, b) => a.date.localeCompare(b.date));
}

/** "overdue by 12 days", "due today", "due in 30 days". */
export function dueWording(date: string, today: string): string {
  const days = daysFromTo(today, date);
  if (days < 0) return `overdue by ${-days} day${days === -1 ? '' : 's'}`;
  if (days === 0) return 'due today';
  return `due in ${days} day${days === 1 ? '' : 's'}`;
}

/** The table row of a renewal: name, what, date, how soon. */
export function renewalRow(renewal: RenewalDue, today: string): string[] {
  return [
    displayName(renewal.member),
    renewal.what,
    formatDay(renewal.date),
    dueWording(renewal.date, today),
  ];
}
