import { createHash } from 'node:crypto';
import type { AskerResolver } from '../access/asker.js';
import type { ChatUser } from '../core/chat-user.js';
import type { ClubData } from '../core/club-data.js';
import { displayName, membersByGuid } from '../club/members/members-of.js';
import type { Reply } from '../core/reply.js';
import type { PostAddress } from '../delivery/reply-address.js';
import type { ReplyOutbox } from '../delivery/reply-outbox.js';

/** What telling the welfare officers reads and writes. */
export interface WelfareHeraldDeps {
  /** Chat users who may hold the welfare role: those the bot has met, and linked Discord users. */
  candidates(): Promise<ChatUser[]>;
  /** Decides each candidate's roles now, from the club's records. */
  resolveAsker: AskerResolver;
  /** The members, to name those told. */
  data: Pick<ClubData, 'members'>;
  outbox: Pick<ReplyOutbox, 'put'>;
  /** Told after a notice went in (a hosting deployment rings its deliverer). Default: nothing. */
  onPut?: () => Promise<void>;
}

/** Tells the club's welfare officers something at once, in their direct messages. */
export interface WelfareHerald {
  /**
   * Leaves `notice` for each welfare officer the bot knows, once per `key` and officer whatever
   * happens to the caller: a job run again after a crash tells nobody twice. Resolves the names of
   * the officers told (now or by an earlier run); empty when the bot knows none. `except` (the
   * person who did it) is not told of their own act.
   */
  tell(key: string, notice: Reply, options?: { except?: ChatUser }): Promise<string[]>;
}

/**
 * The one way the bot tells its welfare officers now, rather than at a digest's next run: an
 * incident filed, a chat account linked. Who holds the role is decided at the moment of telling.
 */
export function createWelfareHerald(deps: WelfareHeraldDeps): WelfareHerald {
  return {
    async tell(key, notice, options = {}) {
      const { except } = options;
      const people = new Map<string, ChatUser>();
      for (const user of await deps.candidates()) {
        if (except && except.platform === user.platform && except.userId === user.userId) continue;
        people.set(`${user.platform}:${user.userId}`, user);
      }
      const officers = [];
      for (const user of people.values()) {
        const asker = await deps.resolveAsker(user);
        if (asker.roles.includes('welfare')) officers.push({ user, member: asker.memberGuid });
      }
      if (officers.length === 0) return [];
      const byGuid = membersByGuid((await deps.data.members()).value);
      const names = new Set<string>();
      let put = false;
      for (const { user, member } of officers) {
        const address: PostAddress = {
          platform: 'post',
          on: user.platform,
          post: 'dm',
          to: user.userId,
          ...(user.teamId ? { teamId: user.teamId } : {}),
        };
        const where = createHash('sha256')
          .update(`${user.platform}:${user.userId}`)
          .digest('hex')
          .slice(0, 16);
        const entry = { id: `welfare-${key}`, replyTo: address, reply: notice };
        if (await deps.outbox.put(entry, `welfare:${key}:${where}`)) put = true;
        const found = member ? byGuid.get(member) : undefined;
        names.add(found ? displayName(found) : 'a welfare officer');
      }
      // A lost ring delays the notice until the deliverer's sweep; it is not worth a failure.
      if (put) await deps.onPut?.().catch(() => undefined);
      return [...names];
    },
  };
}
