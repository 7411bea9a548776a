import type { ClubPerson } from './club-person.js';
import { formatDay } from './dates.js';
import { INCIDENT_STATUSES, type SeedIncident, type SeedIncidentAuthor } from './records.js';
import type { SeedContext } from './seed-context.js';

const INCIDENTS: readonly { title: string; details: string; action: string }[] = [
  {
    title: 'Slip on poolside',
    details:
      'A swimmer slipped on the wet poolside by the shallow end while walking to the starting blocks and grazed a knee. First aid given by the duty coach; parent informed at collection.',
    action:
      'Remind swimmers to walk on poolside. Ask the leisure centre to check the drainage by the shallow end.',
  },
  {
    title: 'Swimmer felt unwell during main set',
    details:
      'A swimmer reported feeling dizzy during the main set and sat out for the rest of the session. Recovered after water and a snack; parent collected early.',
    action: 'Coach to remind squads to eat before evening sessions and bring a drink to poolside.',
  },
  {
    title: 'Photograph taken in spectator gallery',
    details:
      'A spectator was seen taking photographs of the training session from the gallery. The duty coach asked them to stop; they said they were photographing their own child.',
    action: 'Welfare Officer to remind members of the photography policy in the next newsletter.',
  },
  {
    title: 'Minor collision in lane',
    details:
      'Two swimmers collided at the turn during backstroke; one had a small bump to the head. No loss of consciousness. Head injury advice sheet given to the parent.',
    action: 'Coaches to reinforce lane etiquette and backstroke flags awareness.',
  },
  {
    title: 'Late collection after session',
    details:
      'A junior swimmer was not collected until 40 minutes after the end of the session. Two coaches stayed with the swimmer in the foyer until the parent arrived.',
    action:
      'Welfare Officer to speak to the family and remind all parents of the collection policy.',
  },
  {
    title: 'Concern raised about changing rooms',
    details:
      'A parent raised a concern about adults using the junior changing area during club sessions. Passed to the Welfare Officer the same evening.',
    action: 'Welfare Officer to meet the leisure centre manager about signage and supervision.',
  },
  {
    title: 'Cut foot on broken tile',
    details:
      'A swimmer cut their foot on a broken tile at the deep end. Cleaned and dressed by the lifeguard; the lane was closed for the rest of the session.',
    action: 'Leisure centre informed; lane to stay closed until the tile is repaired.',
  },
  {
    title: 'Unkind messages in squad chat',
    details:
      'A parent reported that their child had received unkind messages from other swimmers in a squad group chat outside the club.',
    action:
      'Welfare Officer to follow the club anti-bullying policy and contact the families involved.',
  },
];

/**
 * A few entries in the incident book, dated within the last six months and added by a coach or the
 * welfare officer; every status occurs.
 */
export function generateIncidents(ctx: SeedContext, people: readonly ClubPerson[]): SeedIncident[] {
  const { random, today } = ctx;
  const reporters = people.filter(
    (person) => person.user.IsACoach === 1 || person.position === 'Welfare Officer',
  );
  const count = Math.min(INCIDENTS.length, 4 + Math.floor(people.length / 1000));
  const dates = Array.from({ length: count }, () => today - random.int(1, 180)).sort(
    (a, b) => a - b,
  );
  return random.sample(INCIDENTS, count).map((incident, i) => {
    const reporter = random.pick(reporters).user;
    const author: SeedIncidentAuthor = {
      Guid: reporter.Guid,
      Firstname: reporter.Firstname,
      Lastname: reporter.Lastname,
    };
    if (reporter.KnownAs !== undefined) author.KnownAs = reporter.KnownAs;
    return {
      Guid: ctx.newGuid(),
      IncidentTitle: incident.title,
      IncidentDate: formatDay(dates[i] ?? today),
      IncidentDetails: incident.details,
      ProposedAction: incident.action,
      // newest first: Open, In Progress, On Hold, then the older ones Closed
      Status: INCIDENT_STATUSES[Math.min(count - 1 - i, INCIDENT_STATUSES.length - 1)] ?? 'Closed',
      AddedBy: [author],
      Comments: [],
    };
  });
}
