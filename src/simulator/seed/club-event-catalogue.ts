import type { CalendarColour, Pool } from './records.js';
import { VENUES, type Venue } from './venues.js';

/** What a club event is; its dates are set when the club is generated. */
export interface ClubEventTemplate {
  title: string;
  venue: Venue;
  pool: Pool;
  colour: CalendarColour;
  /** Away events run a coach. */
  bus: boolean;
  details: string;
}

const { riverside, academy, lido, oldBaths, christminster, sandbourne, shaston, anglebury } =
  VENUES;

/** Events of the coming months, in date order. */
export const UPCOMING_EVENTS: readonly ClubEventTemplate[] = [
  {
    title: 'Wessex County Championships',
    venue: christminster,
    pool: '50m',
    colour: 'B',
    bus: true,
    details: 'Qualifying times apply. Entries through the club; relay teams chosen by the coaches.',
  },
  {
    title: 'Sprint Gala',
    venue: riverside,
    pool: '25m',
    colour: 'G',
    bus: false,
    details: '50m events of every stroke. Open to Juniors and Development.',
  },
  {
    title: 'Open Water Taster Day',
    venue: lido,
    pool: 'OW',
    colour: 'T',
    bus: false,
    details: 'Wetsuits available to borrow. Swimmers must be able to swim 400m continuously.',
  },
  {
    title: 'Development Gala',
    venue: academy,
    pool: '25m',
    colour: 'O',
    bus: false,
    details: 'A first gala for Minnows and Juniors: 25m and 50m events, certificates for all.',
  },
  {
    title: 'Sandbourne Long Course Invitational',
    venue: sandbourne,
    pool: '50m',
    colour: 'Pu',
    bus: true,
    details: 'Level 3 licensed meet. The coach leaves from the leisure centre car park.',
  },
  {
    title: 'Club Time Trial',
    venue: riverside,
    pool: '25m',
    colour: 'Y',
    bus: false,
    details: 'Times count towards squad moves. Parents needed as timekeepers.',
  },
  {
    title: 'Masters Relay Festival',
    venue: shaston,
    pool: '25m',
    colour: 'Pi',
    bus: true,
    details: 'Mixed relays by age band. Social afterwards.',
  },
  {
    title: 'Budmouth Old Baths Heritage Swim',
    venue: oldBaths,
    pool: '33m',
    colour: 'N',
    bus: false,
    details: 'A fun swim in the restored Victorian baths, raising money for the club.',
  },
];

/** Events already held, most recent first. */
export const PAST_EVENTS: readonly ClubEventTemplate[] = [
  {
    title: 'Autumn Sprint Gala',
    venue: riverside,
    pool: '25m',
    colour: 'G',
    bus: false,
    details: 'Results are on the club noticeboard.',
  },
  {
    title: 'Anglebury Junior Gala',
    venue: anglebury,
    pool: '20m',
    colour: 'R',
    bus: true,
    details: 'A junior gala in a 20m pool.',
  },
  {
    title: 'Sponsored Swim',
    venue: riverside,
    pool: '25m',
    colour: '0',
    bus: false,
    details: 'Swim as many lengths as you can in an hour. Thank you to all our sponsors.',
  },
];
