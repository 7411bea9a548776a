import { generateClub, type GenerateClubOptions } from './seed/generate-club.js';
import type { ClubRecords, WireRecord } from './simulator-collections.js';

/** The seeded fictional club, filed by the collection that serves each record. */
export function seedClubRecords(options: GenerateClubOptions): ClubRecords {
  const club = generateClub(options);
  return {
    ClubEvents: wire(club.events),
    Meets: wire(club.meets),
    IncidentBook: wire(club.incidents),
    TrialRequests: wire(club.trialRequests),
    Users: wire(club.users),
    WhosWho: wire([club.whosWho]),
    WaitingList: wire(club.waitingList),
    ClubSessions: wire(club.sessions),
    ClubGroups: wire(club.groups),
    ClubRoles: wire(club.roles),
    EmailLists: wire(club.emailLists),
    CodeOfConduct: wire(club.codesOfConduct),
    NoticeBoard: wire(club.noticeBoard),
  };
}

/** The seed's record interfaces have no index signature; on the wire they are plain records. */
function wire(records: readonly object[]): WireRecord[] {
  return records as WireRecord[];
}
