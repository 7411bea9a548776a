import type { Asker } from '../commands/chat-user.js';
import type { CommandDefinition } from '../commands/command.js';
import { textReply, type Reply } from '../commands/reply.js';
import type { BotRole } from '../commands/roles.js';
import { unlinkedReason } from '../commands/unlinked-reason.js';

const roleNames: Record<BotRole, string> = {
  everyone: 'everyone',
  coach: 'coaches',
  'head-coach': 'the head coach',
  welfare: 'the welfare officer',
  membership: 'the membership secretary',
  committee: 'committee members',
  admin: 'the bot admins',
};

/** A polite refusal that says who may run the command and how to get access. */
export function refusalReply(
  command: Pick<CommandDefinition, 'name'>,
  allowed: readonly BotRole[],
  asker?: Pick<Asker, 'unlinkedBecause'>,
): Reply {
  const who = allowed.map((role) => roleNames[role]);
  const list =
    who.length > 1 ? `${who.slice(0, -1).join(', ')} or ${who.at(-1)}` : (who[0] ?? 'nobody');
  const fix =
    unlinkedReason(asker) ??
    "If that should include you, ask the club's bot admin to link your chat account to your club membership or grant you the role.";
  return textReply(`Only ${list} can use /${command.name}. ${fix}`, {
    tone: 'warning',
    title: 'Not available to you',
  });
}
