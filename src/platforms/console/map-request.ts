import type { ChatUser } from '../../core/chat-user.js';
import type { CommandInput } from '../../dispatch/create-dispatcher.js';
import type { ConsoleReplyAddress } from '../../delivery/reply-address.js';

/** A typed line as the dispatcher takes it. */
export interface MappedCommand {
  input: Extract<CommandInput, { slash: string }>;
  user: ChatUser;
  replyTo: ConsoleReplyAddress;
}

/**
 * Pure: a typed line ("/session tue") → the dispatcher's input, the asker, and the conversation
 * the answer goes to (its id is the command's). Undefined when the line is not a command.
 */
export function mapCommandLine(
  line: string,
  context: { id: string; user: ChatUser },
): MappedCommand | undefined {
  const [slash = '', ...rest] = line.trim().split(/\s+/);
  if (!slash.startsWith('/')) return undefined;
  return {
    input: { id: context.id, slash, text: rest.join(' ') },
    user: context.user,
    replyTo: { platform: 'console', conversationId: context.id },
  };
}
