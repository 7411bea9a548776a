import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import { createAuditTrail } from '../access/audit-trail.js';
import type { Logger } from '../log.js';
import type { ClaimOutcome, SlackClaims } from '../platforms/slack/claim-pages.js';
import { clubPrefix, registryKeys } from '../redis/club-keys.js';
import type { ClubRegistry } from './club-registry.js';
import type { SealedPlace, Sealer } from '../redis/sealer.js';
import { z } from 'zod';

/** What a claim ticket is for: the team installed, and its name to show. */
const ticketSchema = z.object({ teamId: z.string(), teamName: z.string().optional() });

/** How long the page after an install may be used (and an unclaimed installation kept). */
const ticketSeconds = 3_600;
/** Codes one page may try. */
const maxTries = 5;

/** Options for {@link createSlackClaims}. */
export interface SlackClaimsOptions {
  redis: Redis;
  registry: ClubRegistry;
  /** Seals the ticket to its key: one rewritten in Redis (another workspace) does not open. */
  sealer: Sealer;
  /** Deletes a workspace's stored installation (its bot token). */
  dropInstallation(teamId: string): Promise<void>;
  logger: Logger;
  /** The root of the deployment's keys. Default: `club-bot`. */
  root?: string;
  now?: () => number;
}

/**
 * Connecting a newly installed Slack workspace to its club: the install's last page sets a
 * cookie holding a ticket for the workspace, and its admin types the one-time code the operator
 * gave them (`club-bot club invite <id>`). A workspace already another club's is not moved; one
 * never claimed within the hour loses its installation; an uninstalled one loses its club too.
 * Every outcome is logged, and audited in the club's trail when there is a club; never the code.
 */
export function createSlackClaims(options: SlackClaimsOptions): SlackClaims {
  const { redis, registry, logger } = options;
  const now = options.now ?? Date.now;
  const keys = registryKeys(options.root);
  const sealer = options.sealer.forClub('');
  const ticketAt = (key: string): SealedPlace => ({ kind: 'slack-claim', key });
  const audit = async (clubId: string, teamId: string, what: string) => {
    const trail = createAuditTrail({ redis, prefix: clubPrefix(clubId, options.root) });
    await trail.record({
      at: now(),
      askedBy: `slack-team:${teamId}`,
      command: what,
      members: [],
      fieldGroups: [],
    });
  };
  const told = (teamId: string, outcome: string, clubId?: string) =>
    logger.info({ team: teamId, ...(clubId ? { club: clubId } : {}), outcome }, 'Slack claim');

  const claims: SlackClaims = {
    async begin(teamId, teamName) {
      await claims.sweep();
      const ticket = randomBytes(18).toString('base64url');
      const key = keys.slackClaim(ticket);
      await redis.set(
        key,
        sealer.sealJson({ teamId, teamName }, ticketAt(key)),
        'EX',
        ticketSeconds,
      );
      await redis.zadd(keys.slackUnclaimed, now() + ticketSeconds * 1_000, teamId);
      return ticket;
    },
    async finish(ticket, code): Promise<ClaimOutcome> {
      const key = keys.slackClaim(ticket);
      // A ticket that does not open (rewritten, moved, or sealed with a dropped key) has expired.
      const stored = ticket
        ? sealer.openJsonOrAbsent(await redis.get(key), ticketAt(key), ticketSchema)
        : undefined;
      if (!stored) {
        logger.info({ outcome: 'expired' }, 'Slack claim');
        return { ok: false, reason: 'This page has expired: add the app to Slack again.' };
      }
      const teamId = stored.teamId;
      const teamName = stored.teamName;
      const tries = await redis
        .multi()
        .incr(keys.slackClaimTries(ticket))
        .expire(keys.slackClaimTries(ticket), ticketSeconds)
        .exec();
      if (Number(tries?.[0]?.[1] ?? 0) > maxTries) {
        told(teamId, 'too many tries');
        return {
          ok: false,
          reason: `${maxTries} codes have been tried on this page: add the app to Slack again for a new one.`,
        };
      }
      const claim = await registry.claimSlackTeam(teamId, code);
      if (!claim.ok && claim.reason === 'code') {
        told(teamId, 'wrong code');
        return {
          ok: false,
          reason: 'That code is not valid, or has been used: check it with your operator.',
        };
      }
      if (!claim.ok) {
        told(teamId, 'already another club’s', claim.owner);
        await audit(claim.owner, teamId, 'slack claim refused: workspace already this club’s');
        const club = await registry.get(claim.owner);
        return {
          ok: false,
          reason: `This workspace already answers for ${club?.name ?? claim.owner}.`,
        };
      }
      await redis.del(key, keys.slackClaimTries(ticket));
      await redis.zrem(keys.slackUnclaimed, teamId);
      told(teamId, 'connected', claim.club.id);
      await audit(claim.club.id, teamId, 'slack claim: workspace connected');
      return { ok: true, club: claim.club.name, team: teamName ?? teamId };
    },
    async forget(teamId, why) {
      await options.dropInstallation(teamId);
      await redis.zrem(keys.slackUnclaimed, teamId);
      const clubId = await registry.releaseSlackTeam(teamId);
      told(teamId, why, clubId);
      if (clubId) await audit(clubId, teamId, `slack ${why}: workspace disconnected`);
    },
    async sweep() {
      const due = await redis.zrangebyscore(keys.slackUnclaimed, '-inf', now());
      for (const teamId of due) {
        if ((await registry.clubOfSlackTeam(teamId)) === undefined) {
          await options.dropInstallation(teamId);
          told(teamId, 'never claimed: installation dropped');
        }
        await redis.zrem(keys.slackUnclaimed, teamId);
      }
    },
  };
  return claims;
}
