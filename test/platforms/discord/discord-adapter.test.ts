import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultAccessPolicy, type AccessPolicy } from '../../../src/access/access-policy.js';
import { createAskerPeek } from '../../../src/access/peek-asker.js';
import { clubToday } from '../../../src/commands/club-time.js';
import type { Reply } from '../../../src/commands/reply.js';
import type { ReplySink } from '../../../src/jobs/reply-sink.js';
import { createLogger } from '../../../src/log.js';
import {
  createDiscordReplySink,
  startDiscordAdapter,
  type DiscordAdapter,
} from '../../../src/platforms/discord/start-discord-adapter.js';
import {
  autocomplete,
  buttonPress,
  chatInput,
  modalSubmit,
  type Sender,
} from '../../fakes/discord/interactions.js';
import {
  callbacksOf,
  editsOf,
  followUpsOf,
  textOf,
  type MessageBody,
} from '../../fakes/discord/records.js';
import { startFakeDiscord, type FakeDiscord } from '../../fakes/discord/start-fake-discord.js';
import { queueIdle } from '../../support/queue-idle.js';
import { waitFor } from '../../support/wait-for.js';
import { harnessTimezone, startBotHarness, type BotHarness } from '../../support/bot-harness.js';

const applicationId = '700000000000000001';
const coachUserId = '600000000000000001';
const guestUserId = '600000000000000002';
const welfareUserId = '600000000000000003';
/** A Discord role the access policy grants welfare to. */
const welfareRoleId = '500000000000000001';

const coach: Sender = { applicationId, userId: coachUserId };
const guest: Sender = { applicationId, userId: guestUserId };
const welfare: Sender = { applicationId, userId: welfareUserId, roles: [welfareRoleId] };

let fake: FakeDiscord;
let harness: BotHarness;
/**
 * The worker's replies go to the fake Discord through the real sink. The worker needs the sink
 * before the services that the sink needs exist, so it is handed over lazily.
 */
let sink: ReplySink | undefined;
let adapter: DiscordAdapter;
let coachName: string;
/** The idempotency keys of the form submissions the dispatcher has finished with. */
const dispatchedForms: string[] = [];

beforeAll(async () => {
  fake = await startFakeDiscord({ applicationId });
  const policy: AccessPolicy = {
    ...defaultAccessPolicy,
    commands: { meets: ['coach'] },
    grant: [{ platform: 'discord', group: welfareRoleId, roles: ['welfare'] }],
  };
  harness = await startBotHarness({
    policy,
    sinks: { discord: { deliver: (address, reply) => sink!.deliver(address, reply) } },
  });
  const { services, simulator } = harness;
  sink = createDiscordReplySink({
    apiUrl: fake.apiUrl,
    redis: services.redis,
    prefix: services.prefix,
  });

  // The coach of the first Tuesday session is linked through MemberLinks; their first name is
  // "@everyone", which a roster must show and never obey.
  const tuesday = simulator.admin
    .records('sessions')
    .find((session) => session.WeekDay === 'Tuesday' && Array.isArray(session.Coaches));
  const coachGuid = (tuesday?.Coaches as { Guid: string }[])[0]?.Guid ?? '';
  const users = simulator.admin.records('users');
  simulator.admin.setRecords(
    'users',
    users.map((user) =>
      user.Guid === coachGuid ? { ...user, Firstname: '@everyone', Active: 1, IsACoach: 1 } : user,
    ),
  );
  coachName = `@everyone ${String(users.find((user) => user.Guid === coachGuid)?.Lastname)}`;
  await services.links.set({ platform: 'discord', userId: coachUserId }, coachGuid);

  adapter = await startDiscordAdapter({
    token: 'fake-bot-token',
    applicationId,
    apiUrl: fake.apiUrl,
    dispatcher: {
      command: (...args) => harness.dispatcher.command(...args),
      submitForm: (...args) =>
        harness.dispatcher.submitForm(...args).finally(() => dispatchedForms.push(args[0].key)),
    },
    redis: services.redis,
    prefix: services.prefix,
    cache: services.cache,
    peekAsker: createAskerPeek({ cache: services.cache, policy, links: services.links }),
    policy,
    timezone: harnessTimezone,
    logger: createLogger({ level: process.env.DEBUG_FAKE ? 'warn' : 'silent' }),
  });
});

afterAll(async () => {
  if (process.env.DEBUG_FAKE)
    for (const c of fake.calls)
      console.log(c.method, c.path, JSON.stringify(c.body)?.slice(0, 300));
  await adapter?.stop();
  await harness?.stop();
  await fake?.close();
});

/** Sends an interaction and waits for its first callback. */
async function send(payload: ReturnType<typeof chatInput>) {
  fake.sendInteraction(payload);
  return waitFor(() => callbacksOf(fake, payload.id)[0], `a callback for ${payload.id}`);
}

async function editOf(token: string, done: (body: MessageBody) => boolean = () => true) {
  return waitFor(
    () => editsOf(fake, token).find((call) => done(call.body)),
    `an edit of the original response`,
    15_000,
  );
}

/** Delivers `reply` as the private answer to `userId`'s interaction `token`; gives the message. */
async function deliverPrivately(token: string, userId: string, reply: Reply) {
  await sink!.deliver(
    {
      platform: 'discord',
      userId,
      applicationId,
      interactionToken: token,
      issuedAt: Date.now(),
      ephemeral: true,
    },
    reply,
  );
  return editOf(token);
}

async function jobCount(): Promise<number> {
  const counts = await harness.services.queue.queue.getJobCounts();
  return Object.values(counts).reduce((sum, count) => sum + count, 0);
}

describe('the Discord adapter, on the real discord.js, queue, worker and simulator', () => {
  it('when it connects, it identifies with the Guilds intent only', async () => {
    await fake.ready();
    expect(fake.identifies[0]?.intents).toBe(1);
  });

  it('when a linked coach asks /session Tuesday, it defers ephemerally and the worker edits in the roster', async () => {
    const payload = chatInput(coach, { name: 'session', options: { when: 'Tuesday' } });
    const callback = await send(payload);
    expect(callback.body).toEqual({ type: 5, data: { flags: 64 } });
    expect(callback.authorization).toBeUndefined();

    const edit = await editOf(payload.token);
    expect(edit.authorization).toBeUndefined();
    const [first] = edit.body.embeds ?? [];
    expect(first?.title).toBe('Sessions: Tuesday');
    expect(textOf(edit.body)).toMatch(/Swimmers/);
    expect(edit.body.allowed_mentions).toEqual({ parse: [] });
    // The coach called "@everyone" is listed, but the mention is broken and nothing pings.
    expect(textOf(edit.body)).not.toContain('@everyone');
    expect(JSON.stringify(edit.body)).toContain(
      JSON.stringify(coachName.replace('@everyone', '@\u200beveryone')).slice(1, -1),
    );
  });

  it('when a session name is typed, autocomplete answers from the cache without a club call', async () => {
    const before = harness.simulator.admin.calls().total;
    const payload = autocomplete(coach, { name: 'session', focused: 'when', value: 'tue' });
    const callback = await send(payload);
    expect(callback.body.type).toBe(8);
    const values = callback.body.data?.choices?.map((choice) => choice.value) ?? [];
    expect(values[0]).toBe('Tuesday');
    expect(values).toContain('Tuesday Performance');
    expect(harness.simulator.admin.calls().total).toBe(before);
  });

  it('when a member name is typed, only someone who may run /member gets suggestions', async () => {
    const before = harness.simulator.admin.calls().total;
    const asCoach = await send(
      autocomplete(coach, { name: 'member', focused: 'name', value: 'a' }),
    );
    expect(asCoach.body.data?.choices).toEqual([]); // one letter is not enough
    const surname = coachName.split(' ').at(-1) ?? '';
    const named = await send(
      autocomplete(coach, { name: 'member', focused: 'name', value: surname.slice(0, 3) }),
    );
    expect(named.body.data?.choices?.length).toBeGreaterThan(0);
    const asGuest = await send(
      autocomplete(guest, { name: 'member', focused: 'name', value: surname.slice(0, 3) }),
    );
    expect(asGuest.body.data?.choices).toEqual([]);
    expect(harness.simulator.admin.calls().total).toBe(before);
  });

  it('when /incident new is run, the modal is the first response, and a submission sent twice is filed once', async () => {
    const open = chatInput(coach, { name: 'incident', subcommand: 'new' });
    const callback = await send(open);
    expect(callbacksOf(fake, open.id)).toHaveLength(1);
    expect(callback.body.type).toBe(9);
    expect(callback.body.data?.custom_id).toBe('form:incident');
    expect(callback.body.data?.components).toHaveLength(5);
    const today = clubToday(new Date(), harnessTimezone);
    expect(textOf(callback.body.data)).toContain(`"value":"${today}"`);

    const title = `Lane rope snapped ${Date.now()}`;
    const submit = modalSubmit(coach, {
      customId: 'form:incident',
      values: {
        title,
        date: today,
        status: ['Open'],
        details: 'The lane rope in lane 4 snapped during warm-up.',
        proposedAction: '',
      },
    });
    fake.sendInteraction(submit);
    fake.sendInteraction(submit);
    const deferral = await waitFor(() => callbacksOf(fake, submit.id)[0], 'the deferral');
    expect(deferral.body).toEqual({ type: 5, data: { flags: 64 } });
    const confirmation = await editOf(submit.token, (body) =>
      textOf(body).includes('Incident filed'),
    );
    expect(confirmation.body.allowed_mentions).toEqual({ parse: [] });
    const filed = () =>
      harness.simulator.admin
        .records('incidents')
        .filter((incident) => incident.IncidentTitle === title);
    // Once both copies are through the dispatcher and the queue is idle, a second filing would have happened.
    await waitFor(
      () => dispatchedForms.filter((key) => key === submit.id).length === 2,
      'both copies to be dispatched',
    );
    await waitFor(() => queueIdle(harness.services.queue.queue), 'the queue to be idle');
    expect(filed()).toHaveLength(1);
    expect(filed()[0]).toMatchObject({ Status: 'Open' });
  });

  it('when a submission breaks a rule, the answer names the field and a button reopens the form as typed', async () => {
    const before = await jobCount();
    const longTitle = 'x'.repeat(60);
    const submit = modalSubmit(coach, {
      customId: 'form:incident',
      values: {
        title: longTitle,
        date: '2026-02-30',
        status: ['Open'],
        details: 'kept',
        proposedAction: '',
      },
    });
    const deferral = await send(submit);
    expect(deferral.body).toEqual({ type: 5, data: { flags: 64 } });
    const edit = await editOf(submit.token);
    const text = textOf(edit.body);
    expect(text).toContain('Title: is 60 characters');
    expect(text).toMatch(/Date.*real date/);
    const button = edit.body.components?.[0]?.components[0];
    expect(button?.label).toBe('Reopen the form');
    expect(button?.custom_id).toMatch(/^reopen:/);
    expect(await jobCount()).toBe(before);

    const byOther = await send(buttonPress(guest, button?.custom_id ?? ''));
    expect(byOther.body.type).toBe(4);
    expect(byOther.body.data?.flags).toBe(64);
    expect(textOf(byOther.body.data)).not.toContain('xxxxxxxxxx');

    const press = buttonPress(coach, button?.custom_id ?? '');
    const reopened = await send(press);
    expect(reopened.body.type).toBe(9);
    const modal = textOf(reopened.body.data);
    expect(modal).toContain('"value":"2026-02-30"');
    expect(modal).toContain('"value":"kept"');
    expect(modal).toContain(`"value":"${'x'.repeat(50)}"`);
  });

  it('when an interaction is for another application, nothing is answered or enqueued', async () => {
    const before = await jobCount();
    const foreign = chatInput(
      { ...coach, applicationId: '700000000000000099' },
      { name: 'session', options: { when: 'Tuesday' } },
    );
    fake.sendInteraction(foreign);
    // Interactions are handled in order: once a later one is answered, the foreign one was seen.
    await send(chatInput(coach, { name: 'help' }));
    expect(callbacksOf(fake, foreign.id)).toHaveLength(0);
    expect(await jobCount()).toBe(before);
  });

  it('when /help is asked, it is answered privately at once without the worker', async () => {
    const payload = chatInput(guest, { name: 'help' });
    const callback = await send(payload);
    expect(callback.body).toEqual({ type: 5, data: { flags: 64 } });
    const edit = await editOf(payload.token);
    expect(edit.body.embeds?.[0]?.title).toBe('What you can ask the club bot');
  });

  it('when someone may not run a public command, the refusal is shown to them only', async () => {
    const payload = chatInput(guest, { name: 'meets' });
    const callback = await send(payload);
    expect(callback.body).toEqual({ type: 5, data: { flags: 0 } });
    const followUp = await waitFor(
      () => followUpsOf(fake, payload.token)[0],
      'the private refusal',
    );
    expect(followUp.body.flags).toBe(64);
    expect(textOf(followUp.body)).toMatch(/coach/i);
    expect(
      fake.calls.some((call) => call.method === 'DELETE' && call.path.includes(payload.token)),
    ).toBe(true);
  });

  it('when a Discord role is granted welfare by the policy, its holder sees /incident list', async () => {
    const payload = chatInput(welfare, { name: 'incident', subcommand: 'list' });
    const callback = await send(payload);
    expect(callback.body).toEqual({ type: 5, data: { flags: 64 } });
    const edit = await editOf(payload.token);
    expect(edit.body.embeds?.[0]?.title).toMatch(
      /Incidents not closed|There are no|Open incidents/,
    );
  });

  it('when a long reply is paged, Next shows the following page in the same message', async () => {
    const token = 'paged-reply-token';
    const edit = await deliverPrivately(token, coachUserId, {
      title: 'A long list',
      sections: [
        {
          kind: 'list',
          items: Array.from({ length: 400 }, (_, n) => `Swimmer number ${n} of the long list`),
        },
      ],
      visibility: 'asker',
      personalData: true,
    });
    const next = edit.body.components?.at(-1)?.components.find((button) => button.label === 'Next');
    expect(next?.custom_id).toMatch(/^page:/);
    const press = buttonPress(coach, next?.custom_id ?? '');
    const update = await send(press);
    expect(update.body.type).toBe(7);
    expect(textOf(update.body.data)).toContain('2 / ');
  });

  it('when an option value is not one the command knows, the command’s help comes back privately', async () => {
    const payload = chatInput(welfare, {
      name: 'incident',
      subcommand: 'list',
      options: { status: 'Bogus' },
    });
    await send(payload);
    const edit = await editOf(payload.token);
    expect(textOf(edit.body)).toMatch(/Bogus\\?" is not a status \/incident list knows/);
  });

  it('when a follow-up button is pressed, its command runs as the person who pressed it', async () => {
    const press = buttonPress(guest, 'run:help:');
    const callback = await send(press);
    expect(callback.body).toEqual({ type: 5, data: { flags: 64 } });
    const edit = await editOf(press.token);
    expect(edit.body.embeds?.[0]?.title).toBe('What you can ask the club bot');
  });

  it('when "Post to channel" is pressed, the reply without personal data is posted publicly', async () => {
    const token = 'post-to-channel-token';
    const button = (
      await deliverPrivately(token, guestUserId, {
        title: 'Upcoming events',
        sections: [{ kind: 'list', items: ['Club gala, Sat 6 Dec'] }],
        visibility: 'asker',
        personalData: false,
        actions: [{ id: 'post-to-channel', label: 'Post to channel', kind: 'post-to-channel' }],
      })
    ).body.components?.[0]?.components[0];
    const press = buttonPress(guest, button?.custom_id ?? '');
    const callback = await send(press);
    expect(callback.body.type).toBe(4);
    expect(callback.body.data?.flags ?? 0).toBe(0);
    expect(textOf(callback.body.data)).toContain('Club gala');
    expect(textOf(callback.body.data)).not.toContain('Post to channel');
  });

  it('when a follow-up command is too long for its button’s id, the button keeps it in Redis and pressing it runs it', async () => {
    const token = 'long-follow-up-token';
    const longName =
      'The Tuesday evening development squad that trains in the small pool at the Riverside Leisure Centre';
    const button = (
      await deliverPrivately(token, guestUserId, {
        title: `Sessions: ${longName} (page 1 of 2)`,
        sections: [{ kind: 'text', text: 'Fifty swimmers.' }],
        visibility: 'asker',
        personalData: false,
        actions: [
          {
            id: 'roster-next',
            label: 'More swimmers (page 2 of 2)',
            kind: 'run-command',
            command: 'help',
            args: `${longName} page 2`,
          },
        ],
      })
    ).body.components?.[0]?.components[0];
    expect(button?.custom_id).toMatch(/^follow:/);
    const press = buttonPress(guest, button?.custom_id ?? '');
    const callback = await send(press);
    expect(callback.body).toEqual({ type: 5, data: { flags: 64 } });
    expect((await editOf(press.token)).body.embeds?.length).toBeGreaterThan(0);
  });

  it('when a kept follow-up has expired, pressing its button says so privately', async () => {
    const press = buttonPress(guest, 'follow:no-such-state');
    const callback = await send(press);
    expect(callback.body.data?.flags).toBe(64);
    expect(textOf(callback.body.data)).toContain('kept for 15 minutes and has gone');
  });

  it('when the gateway connection drops, discord.js resumes and the next command is answered', async () => {
    const connections = fake.identifies.length + fake.resumes.length;
    fake.dropGateway();
    await waitFor(
      () => fake.identifies.length + fake.resumes.length > connections,
      'the client to reconnect',
      20_000,
    );
    expect(adapter.client.isReady()).toBe(true);
    const callback = await send(chatInput(guest, { name: 'help' }));
    expect(callback.body.type).toBe(5);
  });
});
