/** `club-bot setup-key` (`npm run setup:key` in development): prints a new CLUB_DATA_KEY (32 random bytes, base64). */
import { adminCommandLine, asksForHelp } from './cli/admin-program.js';
import { newDataKey } from './redis/sealer.js';

if (asksForHelp(process.argv.slice(2))) {
  console.log(
    `Usage: ${adminCommandLine('setup-key')}\n  prints a new CLUB_DATA_KEY: 32 random bytes, base64`,
  );
} else {
  console.log(newDataKey());
}
