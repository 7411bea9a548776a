import type { ReadCache } from '../cache/read-cache.js';
import { collectionKeys } from '../cache/collection-schemas.js';
import type { AccessPolicy } from './access-policy.js';
import { readContacts } from './club-contacts.js';
import type { ClubContacts } from '../core/club-data.js';

/** The club's contacts from what the cache holds, without calling the club service (adapters never do). */
export type ContactsPeek = () => Promise<ClubContacts | undefined>;

/** Options for {@link createContactsPeek}. */
export interface ContactsPeekOptions {
  cache: ReadCache;
  policy: AccessPolicy;
  /** `CLUB_REPORTS_MEMBER`. Default: none (reports from people the bot cannot link are not filed). */
  reportsMember?: string;
}

export function createContactsPeek(options: ContactsPeekOptions): ContactsPeek {
  const { cache, policy, reportsMember } = options;
  return () =>
    readContacts(
      {
        members: () => cache.peek(collectionKeys.members),
        roles: () => cache.peek(collectionKeys.roles),
      },
      { patterns: policy.rolePatterns, reportsMember },
    );
}
