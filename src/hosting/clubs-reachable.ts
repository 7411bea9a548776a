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
    .map(({ id, reachability }) => ({ id, reachability }))
    .filter(({ reachability }) => reachability.state() !== 'not called');
  const down = seen.filter(({ reachability }) => !reachability.part().ok);
  if (seen.length === 0) return { ok: true, detail: 'no club service called yet' };
  if (down.length === 0) return { ok: true, detail: `${seen.length} club services answering` };
  const named = down.map(({ id, reachability }) => `${id}: ${reachability.part().detail}`);
  // A rejected token proves the network works: only network failures count against this process.
  const reached = seen.filter(({ reachability }) => reachability.state() !== 'unreachable');
  return {
    ok: reached.length > 0,
    detail: `${down.length} of ${seen.length} club services unreachable (${named.join('; ')})`,
  };
}
