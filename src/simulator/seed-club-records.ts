import { generateClub, type GenerateClubOptions } from './seed/generate-club.js';
import type { ClubRecords } from './simulator-collections.js';

/** The seeded fictional club, filed by the collection that serves each record. */
export function seedClubRecords(options: GenerateClubOptions): ClubRecords {
  const club = generateClub(options);
  return {
    ClubEvents: club.events,
    Meets: club.meets,
    IncidentBook: club.incidents,
    TrialRequests: club.trialRequests,
    Users: club.users,
    WhosWho: [club.whosWho],
    WaitingList: club.waitingList,
    ClubSessions: club.sessions,
    ClubGroups: club.groups,
    ClubRoles: club.roles,
    EmailLists: club.emailLists,
  } as unknown as ClubRecords;
}
