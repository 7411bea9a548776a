import { describe, expect, it } from 'vitest';
import { createClubReachability, type ClubReachability } from '../../src/club/club-reachability.js';
import type { ClubDirectory } from '../../src/hosting/club-directory.js';
import { clubsReachable } from '../../src/hosting/clubs-reachable.js';

/** A directory of built clubs whose services have seen only what each reachability was told. */
function directoryOf(clubs: Record<string, ClubReachability>): Pick<ClubDirectory, 'built'> {
  const built = Object.entries(clubs).map(([id, reachability]) => ({
    id,
    reachability,
  }));
  return { built: () => built as unknown as ReturnType<ClubDirectory['built']> };
}

const rejectedToken = () => {
  const club = createClubReachability();
  club.answered(401);
  return club;
};
const unreachable = () => {
  const club = createClubReachability();
  for (let failure = 0; failure < 3; failure += 1) club.failed('connect ECONNREFUSED');
  return club;
};

describe('the clubs part of a hosting worker’s /readyz', () => {
  it('when the only club called has a rejected token, the club is named but the process stays ready: its network works', () => {
    const part = clubsReachable(directoryOf({ north: rejectedToken() }));
    expect(part.ok).toBe(true);
    expect(part.detail).toMatch(/^1 of 1 club services unreachable \(north: .*\(401\)/);
  });

  it('when one club is unreachable and another’s token is rejected, the process stays ready', () => {
    expect(clubsReachable(directoryOf({ north: unreachable(), south: rejectedToken() })).ok).toBe(
      true,
    );
  });

  it('when every club called is unreachable on the network, the process is not ready', () => {
    const part = clubsReachable(
      directoryOf({ north: unreachable(), south: unreachable(), east: createClubReachability() }),
    );
    expect(part.ok).toBe(false);
    expect(part.detail).toMatch(/^2 of 2 club services unreachable/);
  });
});
