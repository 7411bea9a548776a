/**
 * Where each club's data lives in Redis. Every key of a club starts with its prefix, and the
 * prefix carries a Redis Cluster hash tag, so one club's Lua scripts and BullMQ queue touch one
 * slot (BullMQ's cluster guidance: a `{…}` tag in the queue prefix). A deployment's keys all start
 * with its root, `club-bot` (tests use roots of their own).
 */

/** The root of a deployment's keys, and the prefix of the single club the environment describes. */
export const defaultRoot = 'club-bot';

/** The single club's prefix on a Redis Cluster, where its scripts need a hash tag. */
export const singleClubClusterPrefix = '{club-bot}';

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
    /** Installed Slack teams not yet claimed, scored by when their installation is dropped. */
    slackUnclaimed: `${at}:slack-unclaimed`,
  };
}

/** The doorbells: a club id is pushed after each job or reply, and a process blocks on them. */
export function doorbellKeys(root = defaultRoot) {
  return { jobs: `${root}:{doorbell}:jobs`, outbox: `${root}:{doorbell}:outbox` };
}
