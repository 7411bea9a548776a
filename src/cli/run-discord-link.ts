import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createLinkLock } from '../access/link-lock.js';
import { linkedRolesOf } from '../access/linked-roles.js';
import type { ClubServices } from '../app/club-services.js';
import { clubToday } from '../club/time/club-time.js';
import { clubWelfareHerald } from '../welfare/club-welfare-herald.js';
import {
  LinkError,
  linkDiscordUser,
  linkMadeText,
  type LinkDeps,
} from '../access/link-discord-user.js';
import type { AuditTrail } from '../access/audit-trail.js';
import type { MemberLinks } from '../core/chat-user.js';
import { displayName } from '../club/members/members-of.js';
import { describeError } from '../errors.js';
import { adminCommandLine } from './admin-program.js';

export const discordLinkUsage = `Usage: ${adminCommandLine('discord-link')} [--club <id>] [--replace] <discord user id> <member e-mail, name or Guid>
       ${adminCommandLine('discord-link')} [--club <id>] --remove <discord user id>
  --club <id>   a deployment hosting clubs: the club the member belongs to (required there)
  --replace     move the member's link from the Discord account that holds it to this one`;

/**
 * One club's side of a link: its stored links, its members (loaded when not cached), the welfare
 * officers to tell, and the audit trail a link is recorded in.
 */
export interface ClubLinking extends LinkDeps {
  links: Pick<MemberLinks, 'get' | 'set' | 'list' | 'remove'>;
  /** Records the link in the audit trail (`/audit` shows it). Default: not recorded. */
  audit?: Pick<AuditTrail, 'record'>;
}

/**
 * A club's linking on its services: members through the cache and the budget, the welfare
 * officers told through the club's outbox (the bot process delivers, rung by `onPut` if given),
 * the audit trail.
 */
export function clubLinking(
  services: ClubServices,
  timezone: string,
  onPut?: () => Promise<void>,
): ClubLinking {
  return {
    links: services.links,
    members: async () => (await services.data.members()).value,
    today: clubToday(new Date(), timezone),
    rolesOf: linkedRolesOf({ data: services.data, policy: services.policy }),
    tellWelfare: (notice) =>
      clubWelfareHerald(services, onPut).tell(`link:cli:${randomUUID()}`, notice),
    audit: services.audit,
    exclusive: createLinkLock(services.redis, services.prefix),
  };
}

/** What the command works with; the CLI passes the deployment's club, tests their own. */
export interface DiscordLinkDeps {
  /** Whether the deployment hosts clubs from the registry (then `--club` is required). */
  hosting: boolean;
  /** The club's linking, or undefined when there is no such club. */
  club(id: string | undefined): Promise<ClubLinking | undefined>;
  print(line: string): void;
}

/**
 * `club-bot discord-link …`: links a Discord user to a club member, or removes the link.
 * Resolves the exit code: 0 done, 1 refused (the reason printed), 2 a usage mistake.
 */
export async function runDiscordLink(args: string[], deps: DiscordLinkDeps): Promise<number> {
  const usage = (problem: string) => (
    deps.print(`discord-link: ${problem}\n${discordLinkUsage}`),
    2
  );
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: {
        club: { type: 'string' },
        remove: { type: 'boolean' },
        replace: { type: 'boolean' },
      },
    });
  } catch (error) {
    return usage(describeError(error));
  }
  const { values, positionals } = parsed;
  const [userId, ...memberWords] = positionals;
  if (!userId) return usage('which Discord user? Give their user id.');
  if (values.remove ? memberWords.length > 0 : memberWords.length === 0)
    return usage(
      values.remove
        ? '--remove takes the user id alone.'
        : 'which member? Give their e-mail, name or Guid.',
    );
  if (deps.hosting !== (values.club !== undefined))
    return usage(
      deps.hosting
        ? 'this deployment hosts clubs: add --club <id>.'
        : '--club is for a deployment hosting clubs.',
    );
  try {
    const club = await deps.club(values.club);
    if (!club) return (deps.print(`discord-link: there is no club "${values.club}"`), 1);
    if (values.remove) {
      const removed = await club.links.remove({ platform: 'discord', userId });
      deps.print(
        removed
          ? `Discord user ${userId} is no longer linked to a member.`
          : `Discord user ${userId} was not linked to a member; nothing changed.`,
      );
      return 0;
    }
    const made = await linkDiscordUser(club, userId, memberWords.join(' '), {
      by: { kind: 'operator' },
      replace: values.replace === true,
    });
    if (made.before?.guid !== made.member.guid) {
      await club.audit?.record({
        at: Date.now(),
        askedBy: 'the operator (club-bot discord-link)',
        command: 'link',
        members: [made.member.guid, ...(made.before?.member ? [made.before.guid] : [])],
        fieldGroups: [],
      });
    }
    deps.print(linkMadeText(userId, made, (member) => `${displayName(member)} (${member.guid})`));
    return 0;
  } catch (error) {
    deps.print(
      `discord-link: ${error instanceof LinkError ? error.message : describeError(error)}`,
    );
    return 1;
  }
}
