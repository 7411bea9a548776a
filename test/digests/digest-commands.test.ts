import { describe, expect, it } from 'vitest';
import type { DigestDesk, DigestView } from '../../src/core/digest-desk.js';
import { replyToPlainText } from '../../src/core/reply.js';
import type { BotRole } from '../../src/core/roles.js';
import { findCommand } from '../../src/commands/registry.js';
import type { QueryCommand } from '../../src/core/command.js';
import { askerWith, contextFor } from '../commands/command-context.js';
import { memoryClubData } from '../support/memory-club-data.js';

const club = memoryClubData({ today: '2026-03-10' });
const noon = new Date('2026-03-10T12:00:00Z');

/** A desk in memory: what /digest would store, for one asker in one channel. */
function memoryDesk(views: DigestView[] = [], channel: string | null = 'CPOOL'): DigestDesk {
  const channelId = channel ?? undefined;
  return {
    channelId,
    async add(kind, schedule) {
      const view = {
        id: `id${views.length}`,
        kind,
        schedule,
        channelId,
        addedByMe: true,
        nextRun: Date.parse('2026-03-10T16:00:00Z'),
      };
      views.push(view);
      return view;
    },
    list: async () => views,
    get: async (id) => views.find((view) => view.id === id),
    async remove(id) {
      const at = views.findIndex((view) => view.id === id);
      return at < 0 ? undefined : views.splice(at, 1)[0];
    },
    remember: async () => undefined,
  };
}

async function run(
  name: string,
  roles: BotRole[],
  options: Record<string, string> = {},
  digests?: DigestDesk,
  memberGuid?: string,
) {
  const command = findCommand(name) as QueryCommand;
  const context = contextFor({
    data: club.data,
    asker: askerWith(roles, memberGuid),
    options,
    now: noon,
  });
  return command.handle({ ...context, digests });
}

describe('/digest', () => {
  it('when a coach adds tonight here, then it is stored for this channel at 16:00 and the reply says when it runs next', async () => {
    const views: DigestView[] = [];
    const reply = await run('digest add', ['coach'], { kind: 'tonight' }, memoryDesk(views));
    expect(views).toMatchObject([
      { kind: 'tonight', schedule: { at: '16:00' }, channelId: 'CPOOL' },
    ]);
    const text = replyToPlainText(reply);
    expect(text).toContain('Digest added');
    expect(text).toContain('Next: Tue 10 Mar 2026 16:00');
    expect(text).toContain('Goes to: this channel');
  });

  it('when a time and a weekday are given, then they replace the defaults; a mistake is explained', async () => {
    const views: DigestView[] = [];
    await run(
      'digest add',
      ['welfare'],
      { kind: 'renewals', when: 'at 7:45 on fri' },
      memoryDesk(views),
    );
    expect(views[0]?.schedule).toEqual({ at: '07:45', on: 'Friday' });
    const wrong = await run(
      'digest add',
      ['welfare'],
      { kind: 'renewals', when: 'at teatime' },
      memoryDesk(),
    );
    expect(replyToPlainText(wrong)).toContain('is not a time');
  });

  it('when the person already has the most digests allowed, then they are told how to make room', async () => {
    const full: DigestDesk = {
      ...memoryDesk(),
      add: async () => ({ limit: 'person', max: 10 }),
    };
    const text = replyToPlainText(await run('digest add', ['coach'], { kind: 'tonight' }, full));
    expect(text).toContain('You have 10 digests, the most allowed.');
    expect(text).toContain('/digest remove');
  });

  it('when someone adds a kind their role does not cover, then it is refused and nothing is stored', async () => {
    const views: DigestView[] = [];
    const reply = await run('digest add', ['coach'], { kind: 'renewals' }, memoryDesk(views));
    expect(replyToPlainText(reply)).toContain(
      'Only the welfare officer may add the renewals digest.',
    );
    expect(views).toEqual([]);
  });

  it('when a channel digest is added where there is no channel, then they are asked to type it in one', async () => {
    const reply = await run('digest add', ['coach'], { kind: 'tonight' }, memoryDesk([], null));
    expect(replyToPlainText(reply)).toContain('in the channel it should post in');
  });

  it('when the list is asked for, then each person sees their own and the kinds they may add, with the next run in club time', async () => {
    const views: DigestView[] = [
      {
        id: 'aaaaa',
        kind: 'tonight',
        schedule: { at: '16:00' },
        channelId: 'CPOOL',
        addedByMe: false,
        nextRun: Date.parse('2026-03-10T16:00:00Z'),
        addedByName: 'Pat',
      },
      { id: 'bbbbb', kind: 'renewals', schedule: { at: '09:00', on: 'Monday' }, addedByMe: false },
    ];
    const coachText = replyToPlainText(await run('digest list', ['coach'], {}, memoryDesk(views)));
    expect(coachText).toContain('aaaaa');
    expect(coachText).toContain('Tue 10 Mar 2026 16:00');
    expect(coachText).not.toContain('bbbbb');
    const adminText = replyToPlainText(await run('digest list', ['admin'], {}, memoryDesk(views)));
    expect(adminText).toContain('bbbbb');
  });

  it("when someone removes a digest they may not manage, then it stays; when its adder's peer removes it, it goes", async () => {
    const views: DigestView[] = [
      { id: 'ccccc', kind: 'renewals', schedule: { at: '09:00' }, addedByMe: false },
    ];
    const refused = await run('digest remove', ['coach'], { id: 'ccccc' }, memoryDesk(views));
    expect(replyToPlainText(refused)).toContain('no digest ccccc that you may remove');
    expect(views).toHaveLength(1);
    const removed = await run('digest remove', ['welfare'], { id: 'CCCCC' }, memoryDesk(views));
    expect(replyToPlainText(removed)).toContain('is removed');
    expect(views).toEqual([]);
  });

  it('when a welfare officer previews renewals, then they see the dates, privately, and the preview is audited', async () => {
    const reply = await run('digest preview', ['welfare'], { kind: 'renewals' });
    expect(reply.personalData).toBe(true);
    expect(reply.visibility).toBe('asker');
    expect(replyToPlainText(reply)).toMatch(/overdue by \d+ days/);
    expect(reply.audit?.fieldGroups).toEqual(['safeguarding']);
    const coach = await run('digest preview', ['coach'], { kind: 'renewals' });
    expect(replyToPlainText(coach)).toContain(
      'Only the welfare officer may see the renewals digest.',
    );
  });
});

describe('/today', () => {
  const today = club.sessions.find(
    (session) => session.weekday === 'Tuesday' && !session.archived && session.coaches.length > 0,
  );

  it('when a coach asks, then they see the sessions they coach today with counts, and their own renewal when due', async () => {
    const coachGuid = today?.coaches[0]?.guid ?? '';
    const text = replyToPlainText(await run('today', ['coach'], {}, undefined, coachGuid));
    expect(text).toContain('Sessions you coach today');
    expect(text).toContain(today?.name ?? '?');
    expect(text).not.toContain('Open incidents');
  });

  it('when a welfare officer asks, then open incidents older than 14 days are listed; the week’s entry deadlines are there for all', async () => {
    const text = replyToPlainText(await run('today', ['welfare'], {}, undefined, 'nobody'));
    expect(text).toContain('I cannot tell which club member you are');
    const linked = club.members.find((member) => member.active && member.isVolunteer);
    const welfare = replyToPlainText(await run('today', ['welfare'], {}, undefined, linked?.guid));
    expect(welfare).toContain('Open incidents older than 14 days');
    expect(welfare).toContain('Entry deadlines this week');
  });

  it('when someone is due a DBS renewal within 60 days, then /today says so', async () => {
    const due = club.members.find(
      (member) => member.dbsRenewalDate && member.dbsRenewalDate <= '2026-05-09' && member.active,
    );
    const text = replyToPlainText(await run('today', [], {}, undefined, due?.guid));
    expect(text).toContain('Your renewals');
    expect(text).toMatch(/DBS: .* (due in|overdue by) \d+ days?/);
  });
});
