import type { Reply } from '../../core/reply.js';
import { isPostAddress, type ReplyAddress } from '../../delivery/reply-address.js';
import type { ReplySink } from '../../delivery/reply-sink.js';

/** The console's reply sink: replies go to whoever waits for their conversation, in memory. */
export interface ConsoleSink extends ReplySink {
  /** Resolves with the replies of a conversation, until `done` says so or `timeoutMs` passes. */
  waitFor(
    conversationId: string,
    done: (reply: Reply) => boolean,
    timeoutMs: number,
    onReply: (reply: Reply) => void,
  ): Promise<boolean>;
}

export function createConsoleSink(): ConsoleSink {
  const listeners = new Map<string, (reply: Reply) => void>();
  const early = new Map<string, Reply[]>();
  return {
    async deliver(address: ReplyAddress, reply: Reply) {
      // A post (a digest) goes to the conversation it names, as the console has no channels.
      let conversation: string;
      if (isPostAddress(address)) {
        if (address.on !== 'console') return;
        conversation = address.to;
      } else if (address.platform === 'console') conversation = address.conversationId;
      else return;
      const listener = listeners.get(conversation);
      if (listener) listener(reply);
      else early.set(conversation, [...(early.get(conversation) ?? []), reply]);
    },
    waitFor(conversationId, done, timeoutMs, onReply) {
      return new Promise((resolve) => {
        const timer = setTimeout(() => finish(false), timeoutMs);
        const finish = (finished: boolean) => {
          clearTimeout(timer);
          listeners.delete(conversationId);
          resolve(finished);
        };
        const listener = (reply: Reply) => {
          onReply(reply);
          if (done(reply)) finish(true);
        };
        listeners.set(conversationId, listener);
        const waiting = early.get(conversationId) ?? [];
        early.delete(conversationId);
        for (const reply of waiting) listener(reply);
      });
    },
  };
}
