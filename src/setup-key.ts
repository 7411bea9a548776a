/**
 * `club-bot setup-key` (`npm run setup:key` in development): prints a new CLUB_DATA_KEY (32 random
 * bytes, base64) on stdout, and on stderr how to rotate to it, so `$(club-bot setup-key)` captures
 * the key alone.
 */
import { adminCommandLine, asksForHelp } from './cli/admin-program.js';
import { newDataKey } from './redis/sealer.js';

if (asksForHelp(process.argv.slice(2))) {
  console.log(
    `Usage: ${adminCommandLine('setup-key')}\n  prints a new CLUB_DATA_KEY: 32 random bytes, base64`,
  );
} else {
  console.log(newDataKey());
  console.error(
    [
      'A new key. For a first install, set CLUB_DATA_KEY to it.',
      'To rotate from the key in use (which also ends the reading of values sealed before data format 2):',
      '  1. set CLUB_DATA_KEY=<this key>,<the key in use> and restart every process;',
      '  2. run `club-bot rotate-key` until it reports "0 left under an older key";',
      '  3. set CLUB_DATA_KEY=<this key> alone and restart. See docs/operations.md, "Rotating the data key".',
    ].join('\n'),
  );
}
