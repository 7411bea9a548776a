import type { ClubApiLayout } from '../club/collections.js';
import type { FaultSettings } from './fault-settings.js';
import type { SimulatorProfile } from './simulator-profile.js';

/** Options of `startSimulator`. */
export interface SimulatorOptions {
  /** The port to listen on; 0 picks a free one. Default 0. */
  port?: number;
  /** The address to listen on. Default 127.0.0.1 (loopback only). */
  host?: string;
  /** The account's API token: every club API call must send it as `Authorization-Token`. */
  token: string;
  /** The seeded club's size, 20 to 5000 members. Default 250. */
  members?: number;
  /** The seed of the fictional club. Default 1. */
  seed?: number;
  /** The club's today, yyyy-mm-dd (the seed's dates count from it). Default: the clock's date. */
  today?: string;
  /** Calls allowed per 24-hour window. Default 5000 (the spec's limit). */
  dailyLimit?: number;
  /** Calls left in the first window. Default: `dailyLimit`. */
  remaining?: number;
  /** Latency added to every club API call, ms. Default 0. */
  latencyMs?: number;
  /** Share of club API calls answered 500, 0 to 1. Default 0. */
  errorRate?: number;
  /** Share of club API calls never answered until the server closes, 0 to 1. Default 0. */
  hangRate?: number;
  /** Fault settings beyond the three above (paths, commitBeforeError, seed). Default: none. */
  faults?: Partial<FaultSettings>;
  /**
   * How records look on the wire (see {@link SimulatorProfile}): `spec` to the letter, `real` or
   * `real-2025` as the real service sends them, `chaos` every form mixed (a test of our decoder,
   * not the real service). Default `spec`.
   */
  profile?: SimulatorProfile;
  /**
   * The paths to serve: `spec` (`/api/Users`, `/api/ClubSessions`, ...) or `bare` (`/Members`,
   * `/ClubSessions`, ...); the other layout's paths answer 404. Default `bare` with the `real`
   * profiles, `spec` otherwise.
   */
  layout?: ClubApiLayout;
  /**
   * Serve the real host's collections beyond the spec, `CodeOfConduct` and `NoticeBoard` (read
   * only, outside the document); false answers them 404, as a host without them does. Default true.
   */
  beyondSpec?: boolean;
  /** The clock, ms since the epoch, for budget windows and today. Default `Date.now`. */
  now?: () => number;
  /**
   * Club accounts served at once: with more than one, club `n` answers the token `<token>-<n>`,
   * with a club of its own seeded from `seed + n - 1` on its first call and a daily limit of its
   * own. Default 1 (the token is `token`).
   */
  clubs?: number;
}
