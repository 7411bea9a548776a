import { offeredOn, type CommandDefinition } from '../core/command.js';
import { emailListFrom } from './email-list/email-list-from.js';
import { eventNew } from './events/event-new.js';
import { events } from './events/events.js';
import { helpReply, oneCommandHelp } from './help.js';
import { incidentList } from './incident/incident-list.js';
import { incidentMine } from './incident/incident-mine.js';
import { incidentNew } from './incident/incident-new.js';
import { incidentShow } from './incident/incident-show.js';
import { link } from './link.js';
import { meets } from './events/meets.js';
import { member } from './member/member.js';
import { quota } from './quota.js';
import { memberDetails } from './member/member-details.js';
import { audit } from './audit.js';
import { checks } from './checks/checks.js';
import { places } from './places/places.js';
import { digestAdd, digestList, digestRemove } from './digest/digest.js';
import { digestPreview } from './digest/digest-preview.js';
import { today } from './today.js';
import { session } from './session/session.js';
import { sessions } from './session/sessions.js';
import { trialNew } from './trial/trial-new.js';
import { trials } from './trial/trials.js';
import { waitingListAdd } from './waiting-list/waiting-list-add.js';
import { waitingList } from './waiting-list/waiting-list.js';
import { whoswho } from './whoswho.js';

const help = {
  kind: 'query',
  name: 'help',
  description: 'The commands you may run; add a command to see its options and examples.',
  options: [
    { name: 'command', description: 'A command, e.g. session', required: false, rest: true },
  ],
  examples: ['/help', '/help session'],
  roles: ['everyone'],
  personalData: false,
  needsClub: false,
  async handle({ options, mayRun, asker }) {
    const offered = registry.filter((command) => offeredOn(command, asker.user.platform));
    return options.command
      ? oneCommandHelp(offered, options.command, mayRun)
      : helpReply(offered, mayRun, asker);
  },
} satisfies CommandDefinition;

/**
 * Every command of the bot, in the order /help lists them: an explicit list, not a folder scan.
 * Slack, Discord, the console, /help, the Slack manifest and Discord deployment all read it.
 * Order: what everyone uses, then poolside, safeguarding, membership, admin.
 */
export const registry: readonly CommandDefinition[] = [
  help,
  today,
  whoswho,
  sessions,
  events,
  meets,
  session,
  member,
  memberDetails,
  incidentNew,
  incidentMine,
  incidentList,
  incidentShow,
  trialNew,
  trials,
  waitingList,
  waitingListAdd,
  // Issue #44: an email list from a session or squad, a club event from chat.
  emailListFrom,
  eventNew,
  // #44: free places for the waiting list, and the data checks.
  places,
  checks,
  audit,
  // Digests (#33): reminders from the club's own dates.
  digestAdd,
  digestList,
  digestRemove,
  digestPreview,
  quota,
  // Discord only (#34): Slack links people by their e-mail.
  link,
];

export function findCommand(name: string): CommandDefinition | undefined {
  return registry.find((command) => command.name === name);
}
