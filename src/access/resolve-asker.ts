import type { Asker, ChatUser } from '../core/chat-user.js';
import type { ClubData } from '../core/club-data.js';
import type { AccessPolicy } from './access-policy.js';
import { decideAsker } from './decide-asker.js';
import type { MemberLinks } from './member-links.js';

/** Decides who is asking and with which roles, from the cached members and club roles. */
export type AskerResolver = (user: ChatUser) => Promise<Asker>;

export function createAskerResolver(deps: {
  data: ClubData;
  policy: AccessPolicy;
  links?: MemberLinks;
  /** The clock, for telling adults from children. Default: the system's. */
  now?: () => Date;
}): AskerResolver {
  return async (user) => {
    const [members, roles, linked] = await Promise.all([
      deps.data.members(),
      deps.data.roles(),
      deps.links?.get(user),
    ]);
    // The UTC date: at most a day off, and it only matters when several members share an email.
    const today = (deps.now?.() ?? new Date()).toISOString().slice(0, 10);
    return decideAsker(user, members.value, roles.value, deps.policy, linked, today);
  };
}
