/**
 * `npm run discord:link` (and `node dist/platforms/discord/link-member.js` in the image): the
 * command lives in src/cli/discord-link.ts, since it loads the club's members itself and only the
 * worker's side may call the club service.
 */
import '../../cli/discord-link.js';
