import type { Platform } from '../core/chat-user.js';
import type { ReplySink } from '../delivery/reply-sink.js';
import type { PartCheck } from '../ops/health-part.js';

/**
 * A chat platform as the start-up sees it, the same for one club or many: started once over the
 * club directory, it finds each request's club itself (Slack by workspace, Discord by server),
 * posts a club's replies through its sink, and says whether it can reach the platform.
 */
export interface RunningPlatform<Club> {
  readonly platform: Platform;
  /** Whether the platform can reach the bot now (a part of /readyz). */
  ready: PartCheck;
  /** Posts this club's replies on this platform. */
  sinkFor(club: Club): ReplySink;
  stop(): Promise<void>;
}
