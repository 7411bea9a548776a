/** `npm run setup:key`: prints a new CLUB_DATA_KEY (32 random bytes, base64). */
import { newDataKey } from './redis/sealer.js';

console.log(newDataKey());
