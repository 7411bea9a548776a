import type { Member } from '../domain.js';

/** Who is whose parent, by Guid, each way. */
export interface FamilyLinks {
  /** A swimmer's parents. */
  parentsOf: Map<string, Set<string>>;
  /** A parent's swimmers. */
  swimmersOf: Map<string, Set<string>>;
}

/**
 * Pure: parents and swimmers linked from both sides: a swimmer's `Parents` can miss a parent
 * whose own `Swimmers` names them (club-service notes).
 */
export function familyLinks(members: readonly Member[]): FamilyLinks {
  const links: FamilyLinks = { parentsOf: new Map(), swimmersOf: new Map() };
  const link = (parent: string, swimmer: string) => {
    links.parentsOf.set(swimmer, (links.parentsOf.get(swimmer) ?? new Set()).add(parent));
    links.swimmersOf.set(parent, (links.swimmersOf.get(parent) ?? new Set()).add(swimmer));
  };
  for (const member of members) {
    for (const parent of member.parents) link(parent, member.guid);
    for (const swimmer of member.swimmers) link(member.guid, swimmer);
  }
  return links;
}
