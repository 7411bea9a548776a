import type { Incident } from '../club/domain.js';
import { formatDay } from '../club/time/club-time.js';
import { addDays } from './calendar-days.js';

/** An open incident older than this many days is flagged. */
export const incidentAgeDays = 14;

/** Pure: incidents not closed whose date is more than 14 days before `today`, oldest first. */
export function longOpenIncidents(incidents: readonly Incident[], today: string): Incident[] {
  const before = addDays(today, -incidentAgeDays);
  return incidents
    .filter((incident) => incident.status !== 'Closed' && incident.date < before)
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** The table row of an incident: title, date, status. */
export function incidentRow(incident: Incident): string[] {
  return [incident.title, formatDay(incident.date), incident.status];
}
