import { HOME_POOLS } from './places.js';
import type { ClockTime, WeekDay } from './records.js';
import type { Squad } from './squads.js';

/** One weekly slot of the club's timetable; the session is named "<WeekDay> <Squad>". */
export interface TimetableSlot {
  weekDay: WeekDay;
  squad: Squad;
  start: ClockTime;
  end: ClockTime;
  location: string;
}

const { riverside, academy, lido } = HOME_POOLS;

/** The weekly timetable: several sessions every day, four on Tuesday. */
export const SESSION_TIMETABLE: readonly TimetableSlot[] = [
  { weekDay: 'Monday', squad: 'Minnows', start: '17:00', end: '17:45', location: riverside },
  { weekDay: 'Monday', squad: 'Development', start: '17:45', end: '19:00', location: riverside },
  { weekDay: 'Monday', squad: 'Performance', start: '19:00', end: '20:30', location: riverside },
  { weekDay: 'Tuesday', squad: 'Performance', start: '05:45', end: '07:15', location: riverside },
  { weekDay: 'Tuesday', squad: 'Juniors', start: '17:30', end: '18:30', location: riverside },
  { weekDay: 'Tuesday', squad: 'Development', start: '18:30', end: '19:45', location: riverside },
  { weekDay: 'Tuesday', squad: 'Masters', start: '20:00', end: '21:00', location: riverside },
  { weekDay: 'Wednesday', squad: 'Development', start: '18:00', end: '19:15', location: academy },
  { weekDay: 'Wednesday', squad: 'Performance', start: '19:15', end: '20:45', location: academy },
  { weekDay: 'Thursday', squad: 'Performance', start: '06:00', end: '07:30', location: riverside },
  { weekDay: 'Thursday', squad: 'Juniors', start: '17:30', end: '18:30', location: riverside },
  { weekDay: 'Thursday', squad: 'Masters', start: '20:00', end: '21:00', location: riverside },
  { weekDay: 'Friday', squad: 'Minnows', start: '16:45', end: '17:30', location: academy },
  { weekDay: 'Friday', squad: 'Development', start: '17:30', end: '18:45', location: academy },
  { weekDay: 'Friday', squad: 'Performance', start: '18:45', end: '20:15', location: academy },
  { weekDay: 'Saturday', squad: 'Performance', start: '06:30', end: '08:30', location: riverside },
  { weekDay: 'Saturday', squad: 'Minnows', start: '08:30', end: '09:15', location: riverside },
  { weekDay: 'Saturday', squad: 'Juniors', start: '09:15', end: '10:15', location: riverside },
  { weekDay: 'Sunday', squad: 'Masters', start: '08:00', end: '09:00', location: lido },
  { weekDay: 'Sunday', squad: 'Development', start: '09:00', end: '10:15', location: riverside },
];

/** A session the club no longer runs, kept as the one archived session. */
export const ARCHIVED_SESSION = {
  name: 'Friday Water Polo',
  weekDay: 'Friday',
  start: '20:15',
  end: '21:15',
  location: academy,
  fee: 4,
} as const satisfies {
  name: string;
  weekDay: WeekDay;
  start: string;
  end: string;
  location: string;
  fee: number;
};
