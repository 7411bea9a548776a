import type { SealedKind } from './sealer.js';

/**
 * Every Redis key the bot writes, and no key anywhere else: what a deployment's data is called
 * is read here, and test/redis/club-keys.test.ts checks each key sits under its hash tag. Every
 * key of a club starts with its prefix, and the prefix carries a Redis Cluster hash tag, so one
 * club's Lua scripts and BullMQ queue touch one slot (BullMQ's cluster guidance: a `{…}` tag in
 * the queue prefix). A deployment's keys all start with its root, `club-bot` (tests use roots of
 * their own). Key texts never change: an existing deployment's data must be found under them.
 */

/** The root of a deployment's keys, and the prefix of the single club the environment describes. */
export const defaultRoot = 'club-bot';

/** The single club's prefix on a Redis Cluster, where its scripts need a hash tag. */
export const singleClubClusterPrefix = '{club-bot}';

/** The BullMQ queue of every club, under the club's prefix (BullMQ names its own keys below it). */
export const queueName = 'club-bot';

/** A club id: lower-case letters, digits and dashes; it appears in keys and metric labels. */
export const clubIdPattern = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** The prefix of every key of the club `id`. */
export function clubPrefix(id: string, root = defaultRoot): string {
  if (!clubIdPattern.test(id)) throw new RangeError(`not a club id: "${id}"`);
  return `${root}:{club:${id}}`;
}

/**
 * The club whose values a prefix holds, as sealed values are bound to it: the id in a hosted
 * club's prefix, or '' for a single club's (the deployment is its one club).
 */
export function clubOfPrefix(prefix: string): string {
  return /\{club:([a-z0-9-]+)\}$/.exec(prefix)?.[1] ?? '';
}

/**
 * The one key of a daily budget under `prefix` (the club's, or one person's share): a sorted set
 * of counted calls scored by when, at most `limit` members, expiring a window after the last.
 */
export function budgetKey(prefix: string): string {
  return `${prefix}:budget:calls`;
}

/** A SCAN pattern matching every key under a prefix (or a deployment's root). */
export function everyKeyUnder(prefix: string): string {
  // Glob characters in the prefix ({ } are literal to MATCH, but escape them all the same).
  return `${prefix.replace(/[\\*?[\]{}]/g, '\\$&')}:*`;
}

/** The prefixes the environment's single club may have under a root: plain, or a Cluster's `{…}`. */
export function singleClubPrefixes(root = defaultRoot): string[] {
  return [root, `{${root}}`];
}

/** Whether a key under the root is the registry's, a doorbell's or a hosted club's (`root:{…}`). */
export function isHostingKey(key: string, root = defaultRoot): boolean {
  return key.startsWith(`${root}:{`);
}

/** The keys of one club (or of the environment's single club) under its prefix. */
export function clubKeys(prefix: string) {
  return {
    /** BullMQ's queue: the prefix and name we pass it (BullMQ's keys are `prefix:name:…`). */
    queue: { prefix, name: queueName },
    /** The audit trail: a stream of who did what (no personal values). */
    audit: `${prefix}:audit`,
    /** Chat user id → the member it is linked to (sealed), one hash per platform. */
    links: (platform: string) => `${prefix}:links:${platform}`,
    /** The lease that runs one change of the links at a time. */
    linksLock: `${prefix}:links:lock`,
    /** A cached collection: a hash of fetchedAt, version, invalid and value (sealed). */
    cache: (collection: string) => `${prefix}:cache:${collection}`,
    /** The lease of the one process loading a collection. */
    cacheLock: (collection: string) => `${prefix}:cache-lock:${collection}`,
    /** Until when the host is known not to serve a collection beyond the spec. */
    notServed: (collection: string) => `${prefix}:not-served:${collection}`,
    /** Key tracking watches these: a change under them is a change of a value held in memory. */
    trackedUnder: [`${prefix}:cache:`, `${prefix}:links:`],
    /** The layout (spec or bare) the club's host was last found to speak. */
    clubLayout: `${prefix}:club-layout`,
    /** The club's daily call budget. */
    budget: budgetKey(prefix),
    /** One person's share of a kind of call: the prefix of its own daily budget. */
    share: (kind: string, platform: string, userId: string) =>
      `${prefix}:share:${kind}:${platform}:${userId}`,
    /** Marks a filing's spend of a share once (`spent` is a hash of what was filed). */
    shareSpent: (kind: string, platform: string, userId: string, spent: string) =>
      `${prefix}:share:${kind}:${platform}:${userId}:spent:${spent}`,
    /** One person's commands in one minute. */
    rate: (platform: string, userId: string, minute: number) =>
      `${prefix}:rate:${platform}:${userId}:${minute}`,
    /** A filing's intent and reference, so it is filed once. */
    filing: (key: string) => `${prefix}:filing:${key}`,
    /** The lease of the one attempt of a filing running. */
    filingLock: (key: string) => `${prefix}:filing-lock:${key}`,
    outbox: {
      /** A stream of replies not yet delivered, read by the `deliverers` group. */
      stream: `${prefix}:outbox`,
      /** Replies waiting to be retried (after a 429 or a passing failure), scored by when. */
      later: `${prefix}:outbox:later`,
      /** The mark that lets a reply in once. */
      once: (mark: string) => `${prefix}:outbox:once:${mark}`,
    },
    digests: {
      subscriptions: `${prefix}:digests:subscriptions`,
      state: `${prefix}:digests:state`,
      log: `${prefix}:digests:log`,
      people: `${prefix}:digests:people`,
    },
    /** State behind a Discord button (reopen, pages, post, follow-up), expiring. */
    discordState: (kind: string, id: string) => `${prefix}:discord:${kind}:${id}`,
    /** State behind a Slack button or form (post, form), expiring. */
    slackState: (kind: string, token: string) => `${prefix}:slack:${kind}:${token}`,
    /** A person's App Home was refreshed lately (`person` is a hash of their user id). */
    slackHome: (person: string) => `${prefix}:slack:home:${person}`,
    /** A Slack user's identity, cached (sealed). */
    slackPerson: (teamId: string | undefined, userId: string) =>
      `${prefix}:slack:person:${teamId ?? '-'}:${userId}`,
    /** Posts made to a response URL (`url` is its hash: the URL is a credential). */
    slackResponseUrl: (url: string) => `${prefix}:slack:response-url:${url}`,
    /** A signed Slack request seen already (`signature` is its hash). */
    slackSeen: (signature: string) => `${prefix}:slack:seen:${signature}`,
    /** The single club's data-format marker (a hosting deployment's is the registry's). */
    dataFormat: `${prefix}:data-format`,
  };
}

/** The keys of one club, as {@link clubKeys} gives them. */
export type ClubKeys = ReturnType<typeof clubKeys>;

/** The registry's keys: one hash tag, so a change to several of them is one atomic script. */
export function registryKeys(root = defaultRoot) {
  const at = `${root}:{clubs}`;
  return {
    /** Club id → the club's record, sealed whole to its field and club. */
    records: `${at}:records`,
    /** Slack team id → club id (believed only when the club's record names the team). */
    slackTeams: `${at}:slack-teams`,
    /** Discord guild id → club id. */
    discordGuilds: `${at}:discord-guilds`,
    /** sha256 of a one-time code → { club, expiresAt }, sealed to its field. */
    invites: `${at}:invites`,
    /** Counts changes, so running processes notice one with a single GET. */
    version: `${at}:version`,
    /** Slack team (or enterprise) id → its installation (sealed). */
    slackInstallations: `${at}:slack-installations`,
    /** A claim ticket (after an install) → the team it is for. */
    slackClaim: (ticket: string) => `${at}:slack-claim:${ticket}`,
    /** Codes tried on a claim ticket's page. */
    slackClaimTries: (ticket: string) => `${at}:slack-claim:${ticket}:tries`,
    /** Installed Slack teams not yet claimed, scored by when their installation is dropped. */
    slackUnclaimed: `${at}:slack-unclaimed`,
    /** A hosting deployment's data-format marker (one for all its clubs). */
    dataFormat: `${at}:data-format`,
  };
}

/** The doorbells: a club id is pushed after each job or reply, and a process blocks on them. */
export function doorbellKeys(root = defaultRoot) {
  return { jobs: `${root}:{doorbell}:jobs`, outbox: `${root}:{doorbell}:outbox` };
}

/** Which deployment's values: a single club's prefix, or a hosting deployment's root. */
export type SealedScope = { mode: 'single'; prefix: string } | { mode: 'hosting'; root: string };

/** Where a key's values lie: its kind, the club it belongs to, and how its values are held. */
export interface SealedShelf {
  kind: SealedKind;
  club: string;
  holds: 'hash' | 'cache' | 'string' | 'job' | 'stream' | 'retries' | 'records';
  longLived: boolean;
  /** For jobs: the queue's qualified name (prefix and queue name). */
  queue?: string;
}

/**
 * Where a key found under a deployment holds sealed values: their kind, the club they are bound
 * to, and how they are held; undefined for a key holding none. sealed-values.ts reads them.
 */
export function sealedShelfOf(scope: SealedScope, key: string): SealedShelf | undefined {
  if (scope.mode === 'hosting') {
    const own = registryKeys(scope.root);
    const claim = own.slackClaim('');
    if (key === own.records) return shelf('club-record', '', 'records', true);
    if (key === own.invites) return shelf('invite', '', 'hash', true);
    if (key === own.dataFormat) return shelf('data-format', '', 'string', true);
    if (key.startsWith(claim) && /^[\w-]+$/.test(key.slice(claim.length))) {
      return shelf('slack-claim', '', 'string');
    }
    if (key === own.slackInstallations) return shelf('slack-installation', '', 'hash', true);
    // A hosted Discord refusal's state lies under the root: it is no club's.
    if (key.startsWith(`${scope.root}:discord:`)) return shelf('discord-state', '', 'string');
  }
  const prefix =
    scope.mode === 'single'
      ? key.startsWith(`${scope.prefix}:`)
        ? scope.prefix
        : undefined
      : /^(.*:\{club:[a-z0-9-]+\}):/.exec(key)?.[1];
  if (prefix === undefined) return undefined;
  const club = clubOfPrefix(prefix);
  const rest = key.slice(prefix.length + 1);
  if (scope.mode === 'single' && rest === 'data-format') {
    return shelf('data-format', '', 'string', true);
  }
  if (rest.startsWith('cache:')) return shelf('cache', club, 'cache');
  if (rest === 'digests:subscriptions') return shelf('digest-subscription', club, 'hash', true);
  if (rest === 'digests:state') return shelf('digest-state', club, 'hash', true);
  if (rest === 'digests:people') return shelf('digest-people', club, 'hash', true);
  if (/^links:[a-z]+$/.test(rest)) return shelf('member-link', club, 'hash', true);
  if (rest.startsWith('slack:person:')) return shelf('slack-identity', club, 'string');
  if (/^slack:(post|form):/.test(rest)) return shelf('slack-state', club, 'string');
  if (/^discord:(reopen|pages|post|follow-up|confirm):/.test(rest)) {
    return shelf('discord-state', club, 'string');
  }
  if (rest === 'outbox') return shelf('outbox', club, 'stream');
  if (rest === 'outbox:later') return shelf('outbox', club, 'retries');
  // A job's hash, or a job scheduler's (its template): no TTL, BullMQ removes them by age.
  if (new RegExp(`^${queueName}:(repeat:)?[^:]+$`).test(rest)) {
    return { ...shelf('job', club, 'job', true), queue: `${prefix}:${queueName}` };
  }
  return undefined;
}

function shelf(
  kind: SealedKind,
  club: string,
  holds: SealedShelf['holds'],
  longLived = false,
): SealedShelf {
  return { kind, club, holds, longLived };
}
