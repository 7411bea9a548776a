/**
 * The bot's roles. Every chat user has `everyone`; the others come from the club's records or the
 * access policy. `head-coach` is a role of its own (not just a wider `coach`) so that the policy can
 * grant it to a Slack group or a Discord role, and refusals can name it.
 */
export const botRoles = [
  'everyone',
  'coach',
  'head-coach',
  'welfare',
  'membership',
  'committee',
  'admin',
] as const;

export type BotRole = (typeof botRoles)[number];

export function isBotRole(value: string): value is BotRole {
  return (botRoles as readonly string[]).includes(value);
}
