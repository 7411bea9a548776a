import type { Reply } from '../../commands/reply.js';
import type { ReplyAddress } from '../../delivery/reply-address.js';
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
      if (address.platform !== 'console') return;
      const listener = listeners.get(address.conversationId);
      if (listener) listener(reply);
      else early.set(address.conversationId, [...(early.get(address.conversationId) ?? []), reply]);
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
