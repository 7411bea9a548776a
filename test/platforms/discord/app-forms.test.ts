import { describe, expect, it } from 'vitest';
import { clubToday } from '../../../src/club/time/club-time.js';
import { buttonPress, chatInput, modalSubmit } from '../../fakes/discord/interactions.js';
import { callbacksOf, textOf } from '../../fakes/discord/records.js';
import { queueIdle, untilQueueIdle } from '../../support/queue-idle.js';
import { createInteractionState } from '../../../src/platforms/discord/state.js';
import { waitFor } from '../../support/wait-for.js';
import { harnessTimezone } from '../../support/bot-harness.js';
import { coach, guest, useDiscordFixture } from './app-fixture.js';

const discord = useDiscordFixture();

describe('the Discord adapter: forms as modals, filed by the worker', () => {
  it('when /incident new is run, the modal is the first response, and a submission sent twice is filed once', async () => {
    const open = chatInput(coach, { name: 'incident', subcommand: 'new' });
    const callback = await discord.send(open);
    expect(callbacksOf(discord.fake, open.id)).toHaveLength(1);
    expect(callback.body.type).toBe(9);
    expect(callback.body.data?.custom_id).toBe('form:incident');
    // A coach is not asked the status: a new incident is filed Open.
    expect(callback.body.data?.components).toHaveLength(4);
    const today = clubToday(new Date(), harnessTimezone);
    expect(textOf(callback.body.data)).toContain(`"value":"${today}"`);

    const title = `Lane rope snapped ${Date.now()}`;
    const submit = modalSubmit(coach, {
      customId: 'form:incident',
      values: {
        title,
        date: today,
        status: ['Closed'],
        details: 'The lane rope in lane 4 snapped during warm-up.',
        proposedAction: '',
      },
    });
    discord.fake.sendInteraction(submit);
    discord.fake.sendInteraction(submit);
    const deferral = await waitFor(() => callbacksOf(discord.fake, submit.id)[0], 'the deferral');
    expect(deferral.body).toEqual({ type: 5, data: { flags: 64 } });
    const confirmation = await discord.editOf(submit.token, (body) =>
      textOf(body).includes('Incident filed'),
    );
    expect(confirmation.body.allowed_mentions).toEqual({ parse: [] });
    const filed = () =>
      discord.harness.simulator.admin
        .records('incidents')
        .filter((incident) => incident.IncidentTitle === title);
    // Once both copies are through the dispatcher and the queue is idle, a second filing would have happened.
    await waitFor(
      () => discord.dispatchedForms.filter((key) => key === submit.id).length === 2,
      'both copies to be dispatched',
    );
    await waitFor(() => queueIdle(discord.harness.services.queue.queue), 'the queue to be idle');
    expect(filed()).toHaveLength(1);
    expect(filed()[0]).toMatchObject({ Status: 'Open' });
  });

  it('when a submission breaks a rule, the answer names the field and a button reopens the form as typed, a refused date left out', async () => {
    const before = await discord.jobCount();
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
    const deferral = await discord.send(submit);
    expect(deferral.body).toEqual({ type: 5, data: { flags: 64 } });
    const edit = await discord.editOf(submit.token);
    const text = textOf(edit.body);
    expect(text).toContain('Title: is 60 characters');
    expect(text).toMatch(/Date: is not a date I know: try 26\/11/);
    const button = edit.body.components?.[0]?.components[0];
    expect(button?.label).toBe('Reopen the form');
    expect(button?.custom_id).toMatch(/^reopen:/);
    expect(await discord.jobCount()).toBe(before);

    const byOther = await discord.send(buttonPress(guest, button?.custom_id ?? ''));
    expect(byOther.body.type).toBe(4);
    expect(byOther.body.data?.flags).toBe(64);
    expect(textOf(byOther.body.data)).not.toContain('xxxxxxxxxx');

    const press = buttonPress(coach, button?.custom_id ?? '');
    const reopened = await discord.send(press);
    expect(reopened.body.type).toBe(9);
    const modal = textOf(reopened.body.data);
    // A refused date is not offered back: the field shows its default again (today).
    expect(modal).not.toContain('2026-02-30');
    expect(modal).toContain('"value":"kept"');
    expect(modal).toContain(`"value":"${'x'.repeat(50)}"`);
  });

  it('when "File it anyway" is pressed, the kept values are filed once, for the person who typed them', async () => {
    const { services } = discord.harness;
    const state = createInteractionState(services.redis, services.prefix, services.sealer);
    const stateId = state.newId();
    const title = `Kept report ${Date.now()}`;
    const values = { title, date: '2026-03-10', details: 'Filed after a second look.' };
    await state.put('reopen', stateId, { form: 'incident', values, userId: coach.userId });
    const customId = `confirm:${stateId}`;

    const byOther = buttonPress(guest, customId);
    await discord.send(byOther);
    const refused = await discord.editOf(byOther.token);
    expect(textOf(refused.body)).toContain('nothing was filed');

    const press = buttonPress(coach, customId);
    const deferral = await discord.send(press);
    expect(deferral.body).toEqual({ type: 5, data: { flags: 64 } });
    await discord.editOf(press.token, (body) => textOf(body).includes('Incident filed'));
    await discord.send(buttonPress(coach, customId));
    await untilQueueIdle(discord.harness.services.queue.queue);
    const filed = discord.harness.simulator.admin
      .records('incidents')
      .filter((incident) => incident.IncidentTitle === title);
    expect(filed).toHaveLength(1);
  });
});
