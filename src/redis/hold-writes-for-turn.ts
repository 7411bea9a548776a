import type { Redis } from 'ioredis';

/** Connections whose writes are held now, until the end of this turn of the event loop. */
const held = new WeakSet<Redis['stream']>();

/**
 * Holds the commands sent on `redis` from now until the end of this turn of the event loop, then
 * sends them in one write, in the order they were sent: the socket is corked, and uncorked from
 * `setImmediate`, which runs once the turn's callbacks and promise jobs are done, before the loop
 * waits again. Nothing is reordered and nothing waits for a later turn; a process that dies while
 * they are held has sent none of them, as if it had died a moment earlier.
 *
 * The worker holds BullMQ's connection when it leaves a reply: the replies of the jobs finished in
 * one turn and BullMQ's records of their ends then reach Redis in one system call instead of two
 * a job. Each write to a Redis that is waiting has to wake it, which costs the writer more than
 * the bytes do (see the README's Performance section).
 */
export function holdWritesForTurn(redis: Redis): void {
  const stream = redis.stream;
  // Before the first connection there is no socket yet: ioredis queues the commands itself.
  if (stream === undefined || held.has(stream)) return;
  held.add(stream);
  stream.cork();
  setImmediate(() => {
    held.delete(stream);
    stream.uncork();
  });
}
