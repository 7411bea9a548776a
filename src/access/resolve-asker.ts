import type { Asker, ChatUser } from '../commands/chat-user.js';
import type { ClubData } from '../commands/club-data.js';
import type { AccessPolicy } from './access-policy.js';
import { decideAsker } from './decide-asker.js';
import type { MemberLinks } from './member-links.js';

/** Decides who is asking and with which roles, from the cached members and club roles. */
export type AskerResolver = (user: ChatUser) => Promise<Asker>;

export function createAskerResolver(deps: {
  data: ClubData;
  policy: AccessPolicy;
  links?: MemberLinks;
}): AskerResolver {
  return async (user) => {
    const [members, roles, linked] = await Promise.all([
      deps.data.members(),
      deps.data.roles(),
      deps.links?.get(user),
    ]);
    return decideAsker(user, members.value, roles.value, deps.policy, linked);
  };
}
