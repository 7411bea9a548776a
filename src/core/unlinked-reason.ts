import type { Asker } from './chat-user.js';

/** Why a person the bot could have linked is not linked, and who can fix it; else undefined. */
export function unlinkedReason(
  asker: Pick<Asker, 'unlinkedBecause'> | undefined,
): string | undefined {
  if (asker?.unlinkedBecause !== 'shared-email') return undefined;
  return "Your chat account's email address belongs to more than one adult member in the club's records, so the bot cannot tell which one you are and has linked none. The membership secretary can give each member their own address in the club's records, or the club's bot admin can link your chat account to your membership.";
}
