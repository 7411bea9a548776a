import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const relative = join('openapi', 'club-service.yaml');

/**
 * The path of `openapi/club-service.yaml`, found by walking up from this module, so the simulator
 * finds the contract whether it runs from `src/` (tsx) or from a build under `dist/`.
 */
export function findClubDocument(from = dirname(fileURLToPath(import.meta.url))): string {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, relative);
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) throw new Error(`${relative} not found above ${from}`);
  }
}
