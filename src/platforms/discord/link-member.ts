/**
 * `npm run discord:link` (`club-bot discord-link` in production): the
 * command lives in src/cli/discord-link.ts, since it loads the club's members itself and only the
 * worker's side may call the club service.
 */
import '../../cli/discord-link.js';
