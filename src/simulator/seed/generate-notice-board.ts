import type { SeedNotice } from './beyond-spec-records.js';
import { formatDay } from './dates.js';
import type { SeedContext } from './seed-context.js';

const NOTICES: readonly { title: string; message: string }[] = [
  {
    title: 'Pool closed for maintenance',
    message:
      'The main pool is closed for its annual maintenance. Sessions move to the learner pool; check the timetable before you travel.',
  },
  {
    title: 'Club championships: entries open',
    message:
      'Entries for the club championships are open. Every swimmer is welcome; ask your coach which events suit you.',
  },
  {
    title: 'Kit order deadline',
    message: 'Orders for club hats, hoodies and t-shirts close at the end of the month.',
  },
  {
    title: 'Annual general meeting',
    message:
      'The AGM is in the clubroom after Thursday training. Nominations for the committee go to the Secretary.',
  },
  {
    title: 'Volunteers wanted for the gala',
    message:
      'We need timekeepers, runners and a raffle stall for the home gala. Training for timekeepers is given on the day.',
  },
  {
    title: 'Lost property',
    message: 'Goggles, towels and a blue water bottle are in the box by reception.',
  },
  {
    title: 'New session times from next term',
    message: 'Tuesday and Thursday development sessions start 15 minutes later from next term.',
  },
  {
    title: 'Sponsored swim',
    message:
      'Our sponsored swim raises money for new lane ropes. Sponsorship forms are at reception.',
  },
  {
    title: 'Code of conduct',
    message:
      'The new season’s code of conduct is on the members’ portal. Please read it and agree it before your next session.',
  },
  {
    title: 'Photography at galas',
    message:
      'Only photographers registered with the club may take pictures at galas. Speak to the Welfare Officer to register.',
  },
];

/**
 * The club's notice board (`NoticeBoard`, a paged collection of the real host beyond the spec):
 * eight to ten notices posted over the last four months, oldest first, each shown for one to
 * three months.
 */
export function generateNoticeBoard(ctx: SeedContext): SeedNotice[] {
  const { random, today } = ctx;
  return random
    .sample(NOTICES, random.int(8, NOTICES.length))
    .map((notice) => ({ notice, posted: today - random.int(0, 120) }))
    .sort((a, b) => a.posted - b.posted)
    .map(({ notice, posted }) => ({
      Guid: ctx.newGuid(),
      Title: notice.title,
      Message: notice.message,
      DatePosted: formatDay(posted),
      ExpiryDate: formatDay(posted + random.int(30, 90)),
    }));
}
