import { clubClock, formatDay } from '../../club/time/club-time.js';
import type { CommandDefinition } from '../../core/command.js';
import { dataAge, textReply, type Reply } from '../../core/reply.js';
import { checkKinds, checkKindsFor, makeChecks, type CheckKind } from './read-checks.js';

export const checks = {
  kind: 'query',
  name: 'checks',
  description:
    'Gaps in the club’s records: welfare (DBS, contacts) or membership, as your role sees.',
  options: [
    {
      name: 'kind',
      description: 'welfare or membership (default: yours)',
      required: false,
      choices: checkKinds.map((kind) => ({ name: kind, value: kind })),
    },
  ],
  examples: ['/checks', '/checks welfare'],
  roles: ['welfare', 'membership'],
  personalData: true,
  needsClub: true,
  async handle({ options, asker, data, now, timezone, codeOfConduct }): Promise<Reply> {
    const mine = checkKindsFor(asker.roles);
    const asked = checkKinds.find((kind) => kind === options.kind?.toLowerCase());
    if (asked && !mine.includes(asked)) {
      return textReply(
        `The ${asked} checks are for the ${asked === 'welfare' ? 'welfare officer' : 'membership secretary'}.`,
        { tone: 'warning' },
      );
    }
    const kinds: CheckKind[] = asked ? [asked] : mine;
    if (kinds.length === 0) {
      return textReply('The checks are for the welfare officer and the membership secretary.', {
        tone: 'warning',
      });
    }
    const today = clubClock(now, timezone).date;
    const made = await makeChecks(kinds, { data, codeOfConduct, today });
    const which =
      kinds.length === 1 ? `${kinds[0] === 'welfare' ? 'Welfare' : 'Membership'} checks` : 'Checks';
    return {
      title: `${which}: ${formatDay(today)}`,
      sections: made.sections,
      footer: dataAge(made.sources, now),
      visibility: 'asker',
      personalData: true,
      audit: {
        members: made.members,
        fieldGroups: kinds.includes('welfare')
          ? ['safeguarding', 'emergency-contacts']
          : ['contact'],
      },
    };
  },
} satisfies CommandDefinition;
