import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { SlackClaims } from '../platforms/slack/claim-pages.js';
import { registryKeys } from './club-keys.js';
import type { ClubRegistry } from './club-registry.js';

/** How long the page after an install may be used, and how many codes it may try. */
const ticketSeconds = 3_600;
const maxTries = 5;

/**
 * Connecting a newly installed Slack workspace to its club: the install's last page carries a
 * ticket for the workspace, and its admin types the one-time code the operator gave them
 * (`npm run club -- invite <id>`). A workspace already another club's is not moved.
 */
export function createSlackClaims(options: {
  redis: Redis;
  registry: ClubRegistry;
  root?: string;
}): SlackClaims {
  const { redis, registry } = options;
  const keyOf = registryKeys(options.root).slackClaim;
  return {
    async begin(teamId) {
      const ticket = randomBytes(18).toString('base64url');
      await redis.set(keyOf(ticket), teamId, 'EX', ticketSeconds);
      return ticket;
    },
    async finish(ticket, code) {
      const key = keyOf(ticket);
      const teamId = ticket ? await redis.get(key) : null;
      if (!teamId) {
        return { ok: false, reason: 'This page has expired: add the app to Slack again.' };
      }
      const tries = await redis
        .multi()
        .incr(`${key}:tries`)
        .expire(`${key}:tries`, ticketSeconds)
        .exec();
      if (Number(tries?.[0]?.[1] ?? 0) > maxTries) {
        return { ok: false, reason: 'Too many tries: ask your club bot operator for a new code.' };
      }
      const owner = await registry.clubOfSlackTeam(teamId);
      if (owner) {
        const club = await registry.get(owner);
        return { ok: false, reason: `This workspace already answers for ${club?.name ?? owner}.` };
      }
      const clubId = await registry.invites.redeem(code);
      const club = clubId ? await registry.get(clubId) : undefined;
      if (!club) {
        return {
          ok: false,
          reason: 'That code is not valid, or has been used: check it with your operator.',
        };
      }
      await registry.update(club.id, { slackTeams: [...club.slackTeams, teamId] });
      await redis.del(key, `${key}:tries`);
      return { ok: true, club: club.name };
    },
  };
}
