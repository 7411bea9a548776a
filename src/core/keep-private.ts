import type { Reply } from './reply.js';

/** A reply with personal data goes to the asker only, and offers no "post to channel". */
export function keepPrivate(reply: Reply): Reply {
  return {
    ...reply,
    personalData: true,
    visibility: 'asker',
    actions: reply.actions?.filter((action) => action.kind !== 'post-to-channel'),
  };
}
