import type { HealthPart } from '../ops/health-part.js';
import type { ClubDirectory } from './club-directory.js';

/**
 * The clubs' services as a hosting worker's `/readyz` reports them: one club's service down or
 * its token rejected is that club's matter (its people are told), so it is named but the process
 * stays ready; only when every club this process has called is unreachable is the fault likely
 * here (its network, its DNS), and the process is not ready.
 */
export function clubsReachable(directory: Pick<ClubDirectory, 'built'>): HealthPart {
  const seen = directory
    .built()
    .map((club) => ({ id: club.id, part: club.services.reachability.part() }))
    .filter(({ part }) => part.detail !== 'not called yet');
  const down = seen.filter(({ part }) => !part.ok);
  if (seen.length === 0) return { ok: true, detail: 'no club service called yet' };
  if (down.length === 0) return { ok: true, detail: `${seen.length} club services answering` };
  const named = down.map(({ id, part }) => `${id}: ${part.detail}`).join('; ');
  return {
    ok: down.length < seen.length,
    detail: `${down.length} of ${seen.length} club services unreachable (${named})`,
  };
}
