import { addDays } from '../../digests/calendar-days.js';
import { composeDigest } from '../../digests/compose-digest.js';
import { digestKinds, entitledTo, type DigestKind } from '../../digests/digest-kinds.js';
import { clubToday } from '../../club/time/club-time.js';
import type { CommandDefinition } from '../../core/command.js';
import { dataAge, type Reply } from '../../core/reply.js';
import { digestRefusal, digestRoles, kindOption } from './digest.js';

export const digestPreview = {
  kind: 'query',
  name: 'digest preview',
  description: 'What a digest would post now, shown to you only.',
  options: [kindOption],
  examples: ['/digest preview tonight', '/digest preview deadlines'],
  roles: digestRoles,
  personalData: false,
  needsClub: true,
  async handle({ options, asker, data, now, timezone, contacts, codeOfConduct }): Promise<Reply> {
    const kind = options.kind as DigestKind;
    const info = digestKinds[kind];
    if (!entitledTo(kind, asker.roles))
      return digestRefusal(kind, 'see', asker, await contacts?.());
    // "Since the last run" is, for a preview, since yesterday: a daily digest's span.
    const since = { from: addDays(clubToday(now, timezone), -1) };
    const body = await composeDigest(kind, {
      data,
      now,
      timezone,
      since,
      roles: asker.roles,
      codeOfConduct,
    });
    return {
      ...body.reply,
      title: `Preview: ${body.reply.title ?? info.title}`,
      sections: body.items > 0 ? body.reply.sections : [{ kind: 'text', text: 'Nothing due.' }],
      footer: [dataAge(body.sources, now), 'Only you see this preview.']
        .filter(Boolean)
        .join(' · '),
      visibility: 'asker',
      ...(info.personal
        ? { audit: { members: body.members, fieldGroups: [...info.fieldGroups] } }
        : {}),
    };
  },
} satisfies CommandDefinition;
