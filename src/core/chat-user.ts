import type { BotRole } from './roles.js';

export type Platform = 'slack' | 'discord' | 'console';

/** Who is asking, as their chat platform knows them. Plain JSON: it travels in jobs. */
export interface ChatUser {
  platform: Platform;
  /** The platform's user id (Slack `U…`, Discord snowflake, console name). */
  userId: string;
  /**
   * The name the platform shows for the person, filled by the adapter when it has one. Only used
   * to say who sent a report the bot could not link to a member; the user id stands in without it.
   */
  displayName?: string;
  /** Slack workspace or Discord guild. */
  teamId?: string;
  /**
   * The email the platform holds for the person (Slack `users.info`), matched to a club member's
   * Email to link them. Discord has none: people link themselves (see `access/`).
   */
  email?: string;
  /** Discord role ids the person holds, for the access policy. */
  groups?: string[];
  /**
   * A Slack guest, a person from another organisation (Slack Connect) or from another workspace
   * than the app's: never linked to a member, and no role beyond `everyone`.
   */
  outsider?: boolean;
}

/** What the access policy lets an asker see beyond their own sessions' people. */
export interface AskerSees {
  /** DBS and safeguarding dates and certificates (policy `safeguarding_details`). */
  safeguardingDetails: boolean;
  /** The rosters of every session, not only those they coach (policy `all_rosters`). */
  allRosters: boolean;
}

/** The asker once identity and roles are decided (see `access/`). */
export interface Asker {
  user: ChatUser;
  /** The Guid of the club member the chat user is linked to, when linked. */
  memberGuid?: string;
  roles: BotRole[];
  /** Absent means nothing beyond their own sessions: an asker built without the policy sees least. */
  sees?: AskerSees;
  /**
   * Why the person is not linked although their email is known: it belongs to more than one adult
   * member, so the bot cannot tell which one they are. Told to them, with who can fix it.
   */
  unlinkedBecause?: 'shared-email';
}

/**
 * Links between chat users and club members, for platforms with no email to match (Discord): an
 * admin links a person (`/link` in Discord, `npm run discord:link`), and the link is kept here.
 */
export interface MemberLinks {
  get(user: ChatUser): Promise<string | undefined>;
  /** Links `user` to the member; resolves the member they were linked to before, if any. */
  set(user: ChatUser, memberGuid: string): Promise<string | undefined>;
  /** Resolves whether there was a link to remove. */
  remove(user: ChatUser): Promise<boolean>;
  /** Every link of a platform's users (for /link), in no particular order. */
  list(platform: Platform): Promise<{ userId: string; memberGuid: string }[]>;
}
