import { randomUUID } from 'node:crypto';
import type { ChatUser } from '../../src/core/chat-user.js';
import { replyToPlainText, type Reply } from '../../src/core/reply.js';
import type { Dispatcher } from '../../src/dispatch/create-dispatcher.js';
import type { ReplySink } from '../../src/delivery/reply-sink.js';
import { waitFor } from './wait-for.js';

/** Console conversations for tests: a sink that keeps every reply, by conversation. */
export interface ConsoleConversations {
  /** The console reply sink to give the bot (the harness's `sinks.console`). */
  sink: ReplySink;
  /** The final (not interim) reply delivered to a conversation, waited for. */
  answerTo(conversationId: string, timeoutMs?: number): Promise<Reply>;
  /**
   * Runs a command as `user` in a conversation of its own and gives the text of its answer,
   * whether the dispatcher answered at once or the worker delivered it later.
   */
  ask(dispatcher: Dispatcher, user: ChatUser, slash: string, text?: string): Promise<string>;
}

export function consoleConversations(): ConsoleConversations {
  const replies = new Map<string, Reply[]>();
  const answerTo = (conversationId: string, timeoutMs = 15_000) =>
    waitFor(
      () => replies.get(conversationId)?.find((reply) => !reply.interim),
      `the answer in ${conversationId}`,
      timeoutMs,
    );
  return {
    sink: {
      async deliver(address, reply) {
        if (address.platform !== 'console') return;
        const kept = replies.get(address.conversationId) ?? [];
        replies.set(address.conversationId, [...kept, reply]);
      },
    },
    answerTo,
    async ask(dispatcher, user, slash, text = '') {
      const id = randomUUID();
      const result = await dispatcher.command({ id, slash, text }, user, {
        platform: 'console',
        conversationId: id,
      });
      if (result.kind === 'reply') return replyToPlainText(result.reply);
      return replyToPlainText(await answerTo(id));
    },
  };
}
