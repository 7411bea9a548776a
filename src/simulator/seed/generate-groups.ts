import type { ClubPerson } from './club-person.js';
import type { SeedClubGroup } from './records.js';
import type { SeedContext } from './seed-context.js';
import { SQUAD_FEES, SQUADS } from './squads.js';

/** One group per squad, holding its active swimmers, with room to spare. */
export function generateGroups(ctx: SeedContext, people: readonly ClubPerson[]): SeedClubGroup[] {
  return SQUADS.map((squad) => {
    const members = people.filter((person) => person.squad === squad);
    return {
      Guid: ctx.newGuid(),
      GroupName: squad,
      MaxMembers: Math.max(10, Math.ceil((members.length * 1.1) / 10) * 10),
      GroupFee: SQUAD_FEES[squad].monthly,
      Members: members.map((person) => ({ Guid: person.user.Guid })),
    };
  });
}
