/** The bot's roles. Every chat user has `everyone`; the others come from the club's records or the access policy. */
export type BotRole = 'everyone' | 'coach' | 'welfare' | 'membership' | 'committee' | 'admin';

export const botRoles: readonly BotRole[] = [
  'everyone',
  'coach',
  'welfare',
  'membership',
  'committee',
  'admin',
];

export function isBotRole(value: string): value is BotRole {
  return (botRoles as readonly string[]).includes(value);
}
