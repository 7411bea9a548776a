import type { MeetType } from './records.js';
import { VENUES, type Venue } from './venues.js';

/** What a meet is; its dates are set when the club is generated. */
export interface MeetTemplate {
  name: string;
  type: MeetType;
  venue: Venue;
  days: 1 | 2;
}

const meet = (name: string, type: MeetType, venue: Venue, days: 1 | 2): MeetTemplate => ({
  name,
  type,
  venue,
  days,
});

/** Meets of the coming months, in date order: every type occurs. */
export const UPCOMING_MEETS: readonly MeetTemplate[] = [
  meet('Wessex League Round 1', 'Team Gala', VENUES.shaston, 1),
  meet('Sandbourne Spring Open', 'Open Meet', VENUES.sandbourne, 2),
  meet('Casterbridge Club Championships', 'Club Champs', VENUES.riverside, 2),
  meet('Melchester Turn Up and Swim', 'Turn Up and Swim', VENUES.melchester, 1),
  meet('Christminster Long Course Open', 'Open Meet', VENUES.christminster, 2),
  meet('Wessex League Round 2', 'Team Gala', VENUES.anglebury, 1),
];

/** Meets already held, most recent first. */
export const PAST_MEETS: readonly MeetTemplate[] = [
  meet('Wintoncester Winter Open', 'Open Meet', VENUES.wintoncester, 2),
  meet('Wessex League Final', 'Team Gala', VENUES.kingsbere, 1),
  meet('Sherton Abbas Turn Up and Swim', 'Turn Up and Swim', VENUES.sherton, 1),
];
