import { describe, expect, it } from 'vitest';
import { defaultAccessPolicy } from '../../src/access/access-policy.js';
import type { Asker, ChatUser } from '../../src/core/chat-user.js';
import { replyToPlainText } from '../../src/core/reply.js';
import { registry } from '../../src/commands/registry.js';
import type { BotRole } from '../../src/core/roles.js';
import { createDispatcher, type DispatcherOptions } from '../../src/dispatch/create-dispatcher.js';
import { TemporarilyUnavailableError } from '../../src/errors.js';
import type { CommandRequest, FormSubmission } from '../../src/jobs/club-queue.js';
import type { ConsoleReplyAddress } from '../../src/delivery/reply-address.js';

/*
 * The front desk every adapter calls, alone: a queue that records what it is given, an asker
 * decided by the test, and the clock fixed.
 */
const person: ChatUser = { platform: 'console', userId: 'pat' };
const replyTo: ConsoleReplyAddress = { platform: 'console', conversationId: 'c1' };
const noon = new Date('2026-11-26T12:00:00Z');

function frontDesk(roles: BotRole[] | 'unknown', extra: Partial<DispatcherOptions> = {}) {
  const commands: CommandRequest[] = [];
  const forms: FormSubmission[] = [];
  const dispatched: { kind: string }[] = [];
  const asker = (user: ChatUser): Asker | undefined =>
    roles === 'unknown' ? undefined : { user, memberGuid: 'm-pat', roles: ['everyone', ...roles] };
  const dispatcher = createDispatcher({
    registry,
    policy: defaultAccessPolicy,
    queue: {
      enqueueCommand: async (request) => void commands.push(request),
      enqueueForm: async (submission) => {
        // The same idempotency key twice is one job, as BullMQ's job id makes it.
        if (!forms.some((known) => known.key === submission.key)) forms.push(submission);
      },
    },
    peekAsker: async (user) => asker(user),
    timezone: 'Europe/London',
    now: () => noon,
    onDispatched: (_platform, kind) => dispatched.push({ kind }),
    ...extra,
  });
  return { dispatcher, commands, forms, dispatched };
}

describe('the front desk (dispatcher)', () => {
  it('when a coach asks for a roster, it enqueues one command with the parsed options, the asker and where to answer', async () => {
    const { dispatcher, commands } = frontDesk(['coach']);
    const result = await dispatcher.command(
      { id: 'id-1', slash: '/session', text: 'Tuesday' },
      person,
      replyTo,
    );
    expect(result).toMatchObject({ kind: 'queued', personalData: true });
    expect(commands).toHaveLength(1);
    expect(commands[0]).toMatchObject({
      id: 'id-1',
      command: 'session',
      user: person,
      replyTo,
    });
    expect(Object.values(commands[0]?.options ?? {}).join(' ')).toContain('Tuesday');
  });

  it('when someone asks for what their roles do not allow, they are told who may, and nothing is enqueued', async () => {
    const { dispatcher, commands } = frontDesk([]);
    const result = await dispatcher.command(
      { id: 'id-2', slash: '/incident', text: 'list' },
      person,
      replyTo,
    );
    expect(result.kind).toBe('reply');
    if (result.kind === 'reply') expect(replyToPlainText(result.reply)).toMatch(/welfare officer/);
    expect(commands).toEqual([]);
  });

  it('when the cache cannot yet say who is asking, the command is enqueued and the worker decides', async () => {
    const { dispatcher, commands } = frontDesk('unknown');
    const result = await dispatcher.command(
      { id: 'id-3', slash: '/incident', text: 'list' },
      person,
      replyTo,
    );
    expect(result.kind).toBe('queued');
    expect(commands).toHaveLength(1);
  });

  it('when /help is asked, it is answered at once with no job', async () => {
    const { dispatcher, commands } = frontDesk([]);
    const result = await dispatcher.command(
      { id: 'id-4', slash: '/help', text: '' },
      person,
      replyTo,
    );
    expect(result.kind).toBe('reply');
    expect(commands).toEqual([]);
  });

  it('when a form command is run, the form comes back to open at once, built for this person', async () => {
    const { dispatcher, commands } = frontDesk(['coach']);
    const result = await dispatcher.command(
      { id: 'id-5', slash: '/incident', text: 'new' },
      person,
      replyTo,
    );
    expect(result.kind).toBe('form');
    if (result.kind === 'form') expect(result.form.id).toBe('incident');
    expect(commands).toEqual([]);
  });

  it('when a person is over the per-minute limit, they are asked to wait and nothing is enqueued', async () => {
    const { dispatcher, commands } = frontDesk(['coach'], { rateLimit: async () => false });
    const result = await dispatcher.command(
      { id: 'id-6', slash: '/session', text: 'Tuesday' },
      person,
      replyTo,
    );
    expect(result.kind).toBe('reply');
    if (result.kind === 'reply') expect(result.reply.title).toBe('One moment, please');
    expect(commands).toEqual([]);
  });

  it('when Redis does not answer in time, it says the bot is temporarily unavailable, and the time is reported', async () => {
    const { dispatcher, dispatched } = frontDesk(['coach'], {
      redisTimeoutMs: 50,
      peekAsker: () => new Promise(() => undefined),
    });
    await expect(
      dispatcher.command({ id: 'id-7', slash: '/session', text: 'Tuesday' }, person, replyTo),
    ).rejects.toBeInstanceOf(TemporarilyUnavailableError);
    expect(dispatched).toEqual([{ kind: 'unavailable' }]);
  });

  it('when a form breaks a rule, each problem is named and what was typed comes back; a good one is enqueued once per idempotency key', async () => {
    const { dispatcher, forms } = frontDesk(['coach']);
    const bad = await dispatcher.submitForm(
      { id: 'f1', key: 'k1', form: 'incident', values: { title: 'x'.repeat(60), date: 'soon' } },
      person,
      replyTo,
    );
    expect(bad.kind).toBe('invalid');
    if (bad.kind === 'invalid') {
      expect(Object.keys(bad.errors)).toEqual(expect.arrayContaining(['title', 'date']));
      expect(bad.values.title).toBe('x'.repeat(60));
    }
    expect(forms).toEqual([]);

    const good = {
      id: 'f2',
      key: 'k2',
      form: 'incident' as const,
      values: { title: 'Lane rope snapped', date: '2026-11-25', status: 'Open' },
    };
    expect(await dispatcher.submitForm(good, person, replyTo)).toEqual({ kind: 'queued' });
    expect(await dispatcher.submitForm({ ...good, id: 'f3' }, person, replyTo)).toEqual({
      kind: 'queued',
    });
    expect(forms).toHaveLength(1);
    expect(forms[0]).toMatchObject({ key: 'k2', user: person, replyTo });
  });
});
