import type { Redis } from 'ioredis';
import { replyToPlainText } from '../../../src/core/reply.js';
import type { ReplySink } from '../../../src/delivery/reply-sink.js';

/** A reply the console sink pushed to the run's Redis list. */
export interface PushedReply {
  conversationId: string;
  interim: boolean;
  text: string;
  pid: number;
}

/** The run's list of delivered console replies, under its prefix. */
export const repliesKeyOf = (prefix: string) => `${prefix}:test-replies`;

/** Delivers console replies by pushing them to the run's list (whichever process delivers). */
export function replyListSink(redis: Redis, prefix: string): ReplySink {
  return {
    async deliver(address, reply) {
      if (address.platform !== 'console') return;
      const entry: PushedReply = {
        conversationId: address.conversationId,
        interim: reply.interim === true,
        text: replyToPlainText(reply),
        pid: process.pid,
      };
      await redis.rpush(repliesKeyOf(prefix), JSON.stringify(entry));
    },
  };
}
