import { clubToday } from '../club/time/club-time.js';
import type { Cached, ClubData } from '../core/club-data.js';
import type { QueryCommand } from '../core/command.js';
import { dataAge, type Reply } from '../core/reply.js';

/** A query without options that shows one of the club's lists: what it reads and how it shows it. */
type ClubListQuery<T> = Omit<QueryCommand, 'kind' | 'options' | 'needsClub' | 'handle'> & {
  read(data: ClubData): Promise<Cached<T[]>>;
  /** Pure: the list as the club stands on `today` (yyyy-mm-dd, the club's). */
  reply(items: readonly T[], today: string): Reply;
};

/** The command of a club list (events, meets, trials, the waiting list), its data's age below. */
export function clubListQuery<T>({ read, reply, ...command }: ClubListQuery<T>): QueryCommand {
  return {
    kind: 'query',
    options: [],
    needsClub: true,
    ...command,
    async handle({ data, now, timezone }) {
      const all = await read(data);
      return { ...reply(all.value, clubToday(now, timezone)), footer: dataAge([all], now) };
    },
  };
}
