import {
  digestKindNames,
  digestKinds,
  entitledTo,
  type DigestKind,
  type DigestKindInfo,
} from '../../digests/digest-kinds.js';
import { describeSchedule, parseSchedule } from '../../digests/digest-schedule.js';
import type { Asker } from '../../core/chat-user.js';
import type { ClubContacts } from '../../core/club-data.js';
import { refusalText, roleWords } from '../../access/refusal-reply.js';
import { clubClock, formatDay } from '../../club/time/club-time.js';
import type { CommandDefinition, CommandOption } from '../../core/command.js';
import type { DigestView } from '../../core/digest-desk.js';
import { displayName, membersByGuid } from '../../club/members/members-of.js';
import { textReply, type Reply } from '../../core/reply.js';
import type { BotRole } from '../../core/roles.js';

/** Everyone who may add some kind of digest. */
export const digestRoles: BotRole[] = ['coach', 'head-coach', 'committee', 'welfare', 'membership'];
/** Those, and an admin, who may see and remove any. */
const managerRoles: BotRole[] = [...digestRoles, 'admin'];

export const kindOption: CommandOption = {
  name: 'kind',
  description: 'tonight, deadlines, renewals, newcomers or incidents',
  required: true,
  choices: digestKindNames.map((kind) => ({ name: kind, value: kind })),
};

/**
 * "this channel", "#juniors", "your direct messages", "each welfare officer's direct messages":
 * a channel by its name, never its id.
 */
export function whereItGoes(
  info: DigestKindInfo,
  where: { channelId?: string; channelName?: string } = {},
  here?: string,
): string {
  switch (info.goesTo) {
    case 'channel':
      if (where.channelId === undefined || where.channelId === here) return 'this channel';
      return where.channelName ? `#${where.channelName}` : 'another channel';
    case 'adder':
      return 'the direct messages of whoever added it';
    case 'welfare':
      return "each welfare officer's direct messages";
  }
}

/** "Tue 3 Mar 2026 16:00" in the club's time zone. */
export function clubDateTime(instant: number, timezone: string): string {
  const clock = clubClock(instant, timezone);
  return `${formatDay(clock.date)} ${clock.time}`;
}

/** "Only the welfare officer may add the renewals digest. Ask Jonathan Pearson (Welfare Officer)." */
export function digestRefusal(
  kind: DigestKind,
  verb: 'add' | 'see',
  asker: Asker,
  contacts: ClubContacts | undefined,
): Reply {
  const { roles } = digestKinds[kind];
  const first = `Only ${roleWords(roles)} may ${verb} the ${kind} digest.`;
  return textReply(refusalText(first, roles, asker, contacts), {
    tone: 'warning',
    title: 'Not available to you',
  });
}

const needsWorker = textReply('Digests are not available here.', { tone: 'warning' });

/** Whether the asker may see or remove a subscription: theirs, a kind they may add, or admin. */
function mayManage(view: DigestView, asker: Asker): boolean {
  return view.addedByMe || entitledTo(view.kind, asker.roles) || asker.roles.includes('admin');
}

export const digestAdd = {
  kind: 'query',
  name: 'digest add',
  description: 'Post a digest on a schedule: in this channel, or to your direct messages.',
  options: [
    kindOption,
    {
      name: 'when',
      description: 'at 18:00 or 6pm, and/or on a weekday or weekdays, e.g. at 6pm on weekdays',
      required: false,
      rest: true,
    },
  ],
  examples: ['/digest add tonight', '/digest add deadlines at 07:30 on friday'],
  roles: digestRoles,
  personalData: false,
  needsClub: true,
  async handle({ options, asker, digests, timezone, contacts }): Promise<Reply> {
    if (!digests) return needsWorker;
    const kind = options.kind as DigestKind;
    const info = digestKinds[kind];
    if (!entitledTo(kind, asker.roles))
      return digestRefusal(kind, 'add', asker, await contacts?.());
    const parsed = parseSchedule(options.when ?? '', { at: info.at, on: info.on });
    if (!parsed.ok) return textReply(parsed.problem, { tone: 'warning' });
    if (info.goesTo === 'channel' && digests.channelId === undefined) {
      return textReply(`Type /digest add ${kind} in the channel it should post in.`, {
        tone: 'warning',
      });
    }
    const added = await digests.add(kind, parsed.schedule);
    if ('limit' in added) {
      const whose = added.limit === 'person' ? 'You have' : 'This channel has';
      return textReply(
        `${whose} ${added.max} digests, the most allowed. /digest list shows them; /digest remove <id> makes room.`,
        { tone: 'warning' },
      );
    }
    return {
      title: `Digest added: ${info.title}`,
      tone: 'success',
      fields: [
        { label: 'Id', value: added.id },
        { label: 'When', value: describeSchedule(added.schedule) },
        { label: 'Goes to', value: whereItGoes(info) },
        ...(added.nextRun ? [{ label: 'Next', value: clubDateTime(added.nextRun, timezone) }] : []),
      ],
      sections: [
        {
          kind: 'text',
          text: `It holds ${info.description}. It is posted only when there is something to say (its first run says "nothing due" if so). /digest remove ${added.id} stops it.`,
        },
      ],
      visibility: 'asker',
      personalData: false,
    };
  },
} satisfies CommandDefinition;

export const digestList = {
  kind: 'query',
  name: 'digest list',
  description: 'The digests you may see: when each runs next, where it goes, who added it.',
  options: [],
  examples: ['/digest list'],
  roles: managerRoles,
  personalData: false,
  needsClub: true,
  async handle({ asker, digests, data, timezone }): Promise<Reply> {
    if (!digests) return needsWorker;
    const visible = (await digests.list()).filter((view) => mayManage(view, asker));
    if (visible.length === 0) {
      return textReply('There are no digests you may see. /digest add tonight adds one here.');
    }
    const byGuid = membersByGuid((await data.members()).value);
    const adder = (view: DigestView) => {
      const member = view.addedByMember ? byGuid.get(view.addedByMember) : undefined;
      return member ? displayName(member) : (view.addedByName ?? 'someone unlinked');
    };
    return {
      title: `Digests: ${visible.length}`,
      sections: [
        {
          kind: 'table',
          columns: ['Id', 'Digest', 'When', 'Goes to', 'Next run', 'Added by'],
          rows: visible.map((view) => [
            view.id,
            view.kind,
            describeSchedule(view.schedule),
            whereItGoes(digestKinds[view.kind], view, digests.channelId),
            view.nextRun ? clubDateTime(view.nextRun, timezone) : 'not scheduled',
            view.addedByMe ? 'you' : adder(view),
          ]),
        },
      ],
      footer: 'Times are the club’s. /digest remove <id> stops one.',
      visibility: 'asker',
      personalData: false,
    };
  },
} satisfies CommandDefinition;

export const digestRemove = {
  kind: 'query',
  name: 'digest remove',
  description: 'Stop a digest, by the id /digest list shows.',
  options: [{ name: 'id', description: 'The digest’s id, e.g. k3f9q', required: true }],
  examples: ['/digest remove k3f9q'],
  roles: managerRoles,
  personalData: false,
  needsClub: true,
  async handle({ options, asker, digests }): Promise<Reply> {
    if (!digests) return needsWorker;
    const id = (options.id ?? '').trim().toLowerCase();
    const found = await digests.get(id);
    if (!found || !mayManage(found, asker)) {
      return textReply(`There is no digest ${id} that you may remove. /digest list shows yours.`, {
        tone: 'warning',
      });
    }
    const removed = await digests.remove(id);
    return removed
      ? textReply(`Digest ${id} (${removed.kind}) is removed: it will not run again.`, {
          tone: 'success',
        })
      : textReply(`Digest ${id} was already removed.`);
  },
} satisfies CommandDefinition;
