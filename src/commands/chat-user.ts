import type { BotRole } from './roles.js';

export type Platform = 'slack' | 'discord' | 'console';

/** Who is asking, as their chat platform knows them. Plain JSON: it travels in jobs. */
export interface ChatUser {
  platform: Platform;
  /** The platform's user id (Slack `U…`, Discord snowflake, console name). */
  userId: string;
  /** Slack workspace or Discord guild. */
  teamId?: string;
  /**
   * The email the platform holds for the person (Slack `users.info`), matched to a club member's
   * Email to link them. Discord has none: people link themselves (see `access/`).
   */
  email?: string;
  /** Slack user groups or Discord role ids the person belongs to, for the access policy. */
  groups?: string[];
}

/** The asker once identity and roles are decided (see `access/`). */
export interface Asker {
  user: ChatUser;
  /** The Guid of the club member the chat user is linked to, when linked. */
  memberGuid?: string;
  roles: BotRole[];
}
