/**
 * `club-bot migrate [--dry-run]`: brings the data in Redis to this bot's data format (each
 * process also does so at start). With `--dry-run`, lists per kind what it would seal, and
 * changes nothing. A newer format than the bot knows is refused, untouched.
 */
import { describeError } from '../errors.js';
import { currentDataFormat, DataFormatError, migrateData } from '../redis/data-format.js';
import { dataFormatKey, readDataFormat, writeDataFormat } from '../redis/data-format-marker.js';
import { describeReseal } from '../redis/reseal.js';
import { adminCommandLine, asksForHelp } from './admin-program.js';
import { openDeploymentOrExit } from './open-deployment.js';
import { isEntryPoint, sealedDeployment } from './sealed-deployment.js';

const usage = `Usage: ${adminCommandLine('migrate')} [--dry-run | --mark-current]
Brings the data in Redis to this bot's data format (every process also does so at start);
--dry-run lists per kind what it would seal and changes nothing. --mark-current only writes the
data format's marker (when it was lost: values in clear are then left unread, never sealed).`;

export async function main(args = process.argv.slice(2)): Promise<number> {
  if (asksForHelp(args)) {
    console.log(usage);
    return 0;
  }
  const dryRun = args.includes('--dry-run');
  const markCurrent = args.includes('--mark-current');
  const unknown = args.filter((arg) => arg !== '--dry-run' && arg !== '--mark-current');
  if (unknown.length > 0) {
    console.error(`migrate: unknown ${unknown.join(' ')}\n${usage}`);
    return 2;
  }
  const opened = await openDeploymentOrExit();
  try {
    const { scope, sealer } = sealedDeployment(opened);
    const found = await readDataFormat(opened.redis, sealer, scope);
    if (found !== undefined && found > currentDataFormat) {
      throw new DataFormatError(dataFormatKey(scope), found);
    }
    if (markCurrent && !dryRun) {
      await writeDataFormat(opened.redis, sealer, scope, currentDataFormat);
      console.log(`Marked as data format ${currentDataFormat}; no value was sealed or changed.`);
      return 0;
    }
    const migration = await migrateData(opened.redis, sealer, scope, { dryRun });
    if (!migration.report) {
      console.log(`The data is in format ${currentDataFormat}, this bot's: nothing to do.`);
      return 0;
    }
    const verb = dryRun ? 'would be sealed' : 'sealed';
    console.log(
      `From data format ${migration.from} to ${migration.to}${dryRun ? ' (dry run)' : ''}:`,
    );
    for (const line of describeReseal(migration.report, verb)) console.log(`  ${line}`);
    return 0;
  } catch (error) {
    console.error(`migrate: ${describeError(error)}`);
    return 1;
  } finally {
    await opened.close();
  }
}

if (isEntryPoint(import.meta.url)) process.exitCode = await main();
