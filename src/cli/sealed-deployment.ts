import { realpathSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { defaultRoot } from '../redis/club-keys.js';
import type { SealedScope } from '../redis/sealed-values.js';
import { createSealer, type Sealer } from '../redis/sealer.js';
import type { Deployment } from './open-deployment.js';

/** Where a deployment's sealed values lie, and the sealer over its CLUB_DATA_KEY. */
export function sealedDeployment(opened: Deployment): { scope: SealedScope; sealer: Sealer } {
  const key = opened.config.CLUB_DATA_KEY;
  if (!key) {
    throw new Error('CLUB_DATA_KEY is not set: the values in Redis are sealed with it.');
  }
  const scope: SealedScope =
    opened.kind === 'single'
      ? { mode: 'single', prefix: opened.prefix }
      : { mode: 'hosting', root: defaultRoot };
  return { scope, sealer: createSealer(key) };
}

/** Whether the module at `url` is the script node (or tsx) was asked to run. */
export function isEntryPoint(url: string): boolean {
  const entry = process.argv[1];
  return entry !== undefined && pathToFileURL(realpathSync(entry)).href === url;
}
