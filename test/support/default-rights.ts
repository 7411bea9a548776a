import type { BotRole } from '../../src/core/roles.js';

/** Who may run what with no access policy, written out rather than read from the registry. */
export const openToEveryone = [
  'help',
  'today',
  'whoswho',
  'sessions',
  'events',
  'meets',
  'incident new',
  'incident mine',
];
const digests = ['digest add', 'digest list', 'digest remove', 'digest preview'];
export const defaultRights: Record<BotRole, readonly string[]> = {
  everyone: openToEveryone,
  coach: ['session', 'member', 'member details', ...digests],
  'head-coach': ['session', 'places', ...digests],
  welfare: [
    'session',
    'member',
    'member details',
    'incident list',
    'incident show',
    'checks',
    'audit',
    ...digests,
  ],
  membership: [
    'trial new',
    'trials',
    'waitinglist',
    'waitinglist add',
    'emaillist from',
    'places',
    'checks',
    ...digests,
  ],
  committee: digests,
  admin: ['emaillist from', 'event new', 'digest list', 'digest remove', 'quota', 'link'],
};
