/**
 * `club-bot rotate-key`: seals every value in Redis again under the first key of CLUB_DATA_KEY
 * (`<new>,<old>` during a rotation), and says per kind how many are left under the older one.
 * The older key may be dropped only once it reports none left.
 */
import type { Redis } from 'ioredis';
import { describeError } from '../errors.js';
import { migrateData } from '../redis/data-format.js';
import { describeReseal, resealValues } from '../redis/reseal.js';
import type { SealedScope } from '../redis/sealed-values.js';
import type { Sealer } from '../redis/sealer.js';
import { adminCommandLine, asksForHelp } from './admin-program.js';
import { openDeploymentOrExit } from './open-deployment.js';
import { isEntryPoint, sealedDeployment } from './sealed-deployment.js';

/** Re-seals the deployment's values and prints the counts; resolves how many are left. */
export async function rotateKey(
  redis: Redis,
  sealer: Sealer,
  scope: SealedScope,
  print: (line: string) => void,
): Promise<number> {
  // Data of an older format is brought forward first; a newer format is refused untouched.
  const migration = await migrateData(redis, sealer, scope);
  if (migration.report)
    print(`Brought from data format ${migration.from} to ${migration.to} first.`);
  const report = await resealValues(redis, sealer, scope);
  for (const line of describeReseal(report)) print(line);
  const counts = [...report.values()];
  const left = counts.reduce((sum, count) => sum + count.left, 0);
  const unreadable = counts.reduce((sum, count) => sum + count.unreadable, 0);
  if (unreadable > 0) {
    print(
      `${unreadable} values open under neither key: they were unreadable before and are read as absent.`,
    );
  }
  print(
    left === 0
      ? '0 left under an older key: the older key may now be dropped from CLUB_DATA_KEY.'
      : `${left} left under an older key (changed while being read, or replies waiting to be posted): run rotate-key again in a few minutes, and keep the older key until it reports 0 left.`,
  );
  return left;
}

const usage = `Usage: ${adminCommandLine('rotate-key')}
Seals every value in Redis again under the first key of CLUB_DATA_KEY (<new>,<old>) and says per
kind how many are left under the older key. Exits 0 when none is left, 3 while some are.`;

export async function main(args = process.argv.slice(2)): Promise<number> {
  if (asksForHelp(args)) {
    console.log(usage);
    return 0;
  }
  const opened = await openDeploymentOrExit();
  try {
    const { scope, sealer } = sealedDeployment(opened);
    const left = await rotateKey(opened.redis, sealer, scope, (line) => console.log(line));
    return left === 0 ? 0 : 3;
  } catch (error) {
    console.error(`rotate-key: ${describeError(error)}`);
    return 1;
  } finally {
    await opened.close();
  }
}

if (isEntryPoint(import.meta.url)) process.exitCode = await main();
