import type { HealthPart } from '../ops/health-part.js';

/** Network failures in a row after which the club service counts as unreachable. */
const failuresInARow = 3;

/**
 * What this process has seen of the club service, told from the club client's call path. Any
 * HTTP answer ends a run of network failures; a 401 stays until an answer other than 401. A spent
 * budget (403, 429, or a call never made) says nothing about reachability.
 */
export interface ClubReachability {
  answered(status: number): void;
  failed(reason: string): void;
  /** What the calls so far say, for a deployment that weighs many clubs' services. */
  state(): 'not called' | 'answering' | 'unreachable' | 'token rejected';
  part(): HealthPart;
}

export function createClubReachability(): ClubReachability {
  let failures = 0;
  let lastFailure = '';
  let rejected = false;
  let called = false;
  const state = () =>
    rejected
      ? ('token rejected' as const)
      : failures >= failuresInARow
        ? ('unreachable' as const)
        : called
          ? ('answering' as const)
          : ('not called' as const);
  return {
    state,
    answered(status) {
      called = true;
      failures = 0;
      rejected = status === 401;
    },
    failed(reason) {
      called = true;
      failures += 1;
      lastFailure = reason;
    },
    part() {
      switch (state()) {
        case 'token rejected':
          return {
            ok: false,
            detail:
              'the club service rejected the API token (401): reset it and set CLUB_API_TOKEN',
          };
        case 'unreachable':
          return {
            ok: false,
            detail: `${failures} network failures in a row; last: ${lastFailure}`,
          };
        case 'not called':
          return { ok: true, detail: 'not called yet' };
        case 'answering':
          return {
            ok: true,
            detail:
              failures === 0 ? 'answering' : `answering (${failures} network failures in a row)`,
          };
      }
    },
  };
}
