import { describe, expect, it } from 'vitest';
import { autocomplete, chatInput } from '../../fakes/discord/interactions.js';
import { callbacksOf, followUpsOf, textOf } from '../../fakes/discord/records.js';
import { waitFor } from '../../support/wait-for.js';
import { coach, guest, welfare, useDiscordFixture } from './app-fixture.js';

const discord = useDiscordFixture();

describe('the Discord adapter: slash commands and autocomplete, on the real discord.js, queue, worker and simulator', () => {
  it('when it connects, it identifies with the Guilds intent only', async () => {
    await discord.fake.ready();
    expect(discord.fake.identifies[0]?.intents).toBe(1);
  });

  it('when a linked coach asks /session for their session, it defers ephemerally and the worker edits in the roster', async () => {
    const payload = chatInput(coach, {
      name: 'session',
      options: { when: discord.coachSession },
    });
    const callback = await discord.send(payload);
    expect(callback.body).toEqual({ type: 5, data: { flags: 64 } });
    expect(callback.authorization).toBeUndefined();

    const edit = await discord.editOf(payload.token);
    expect(edit.authorization).toBeUndefined();
    const [first] = edit.body.embeds ?? [];
    expect(first?.title).toBe(discord.coachSession);
    expect(textOf(edit.body)).toMatch(/Swimmers/);
    expect(edit.body.allowed_mentions).toEqual({ parse: [] });
    // The coach called "@everyone" is listed, but the mention is broken and nothing pings.
    expect(textOf(edit.body)).not.toContain('@everyone');
    expect(JSON.stringify(edit.body)).toContain(
      JSON.stringify(discord.coachName.replace('@everyone', '@\u200beveryone')).slice(1, -1),
    );
  });

  it('when someone runs a command from another server, or in a DM, it is refused with no data, no job and no club call', async () => {
    const calls = discord.harness.simulator.admin.calls().total;
    const jobs = await discord.jobCount();
    for (const guildId of ['999999999999999999', undefined]) {
      const elsewhere = { ...coach, guildId: guildId ?? 'no-guild' };
      const payload = chatInput(elsewhere, { name: 'whoswho', options: {} });
      if (guildId === undefined) {
        const dm = payload as unknown as Record<string, unknown>;
        dm.user = (dm.member as { user: unknown }).user;
        delete dm.guild_id;
        delete dm.member;
        (dm.channel as Record<string, unknown>).type = 1;
        delete (dm.channel as Record<string, unknown>).guild_id;
      }
      const callback = await discord.send(payload);
      expect(callback.body.type).toBe(4);
      expect(textOf(callback.body.data)).toMatch(/only in its club's own Discord server/);
      expect(callback.body.data?.flags).toBe(64);
    }
    const suggestions = await discord.send(
      autocomplete(
        { ...coach, guildId: '999999999999999999' },
        { name: 'member', focused: 'name', value: 'Smi' },
      ),
    );
    expect(suggestions.body.data?.choices).toEqual([]);
    expect(await discord.jobCount()).toBe(jobs);
    expect(discord.harness.simulator.admin.calls().total).toBe(calls);
  });

  it('when a session name is typed, autocomplete answers from the cache without a club call', async () => {
    const before = discord.harness.simulator.admin.calls().total;
    const payload = autocomplete(coach, { name: 'session', focused: 'when', value: 'tue' });
    const callback = await discord.send(payload);
    expect(callback.body.type).toBe(8);
    const values = callback.body.data?.choices?.map((choice) => choice.value) ?? [];
    expect(values[0]).toBe('Tuesday');
    expect(values).toContain('Tuesday Performance');
    expect(discord.harness.simulator.admin.calls().total).toBe(before);
  });

  it('when a member name is typed, only someone who may run /member gets suggestions', async () => {
    const before = discord.harness.simulator.admin.calls().total;
    const asCoach = await discord.send(
      autocomplete(coach, { name: 'member', focused: 'name', value: 'a' }),
    );
    expect(asCoach.body.data?.choices).toEqual([]); // one letter is not enough
    const surname = discord.coachName.split(' ').at(-1) ?? '';
    const named = await discord.send(
      autocomplete(coach, { name: 'member', focused: 'name', value: surname.slice(0, 3) }),
    );
    expect(named.body.data?.choices?.length).toBeGreaterThan(0);
    const asGuest = await discord.send(
      autocomplete(guest, { name: 'member', focused: 'name', value: surname.slice(0, 3) }),
    );
    expect(asGuest.body.data?.choices).toEqual([]);
    expect(discord.harness.simulator.admin.calls().total).toBe(before);
  });

  it('when an interaction is for another application, nothing is answered or enqueued', async () => {
    const before = await discord.jobCount();
    const foreign = chatInput(
      { ...coach, applicationId: '700000000000000099' },
      { name: 'session', options: { when: 'Tuesday' } },
    );
    discord.fake.sendInteraction(foreign);
    // Interactions are handled in order: once a later one is answered, the foreign one was seen.
    await discord.send(chatInput(coach, { name: 'help' }));
    expect(callbacksOf(discord.fake, foreign.id)).toHaveLength(0);
    expect(await discord.jobCount()).toBe(before);
  });

  it('when /help is asked, it is answered privately at once without the worker', async () => {
    const payload = chatInput(guest, { name: 'help' });
    const callback = await discord.send(payload);
    expect(callback.body).toEqual({ type: 5, data: { flags: 64 } });
    const edit = await discord.editOf(payload.token);
    expect(edit.body.embeds?.[0]?.title).toBe('What you can ask the club bot');
  });

  it('when someone may not run a public command, the refusal is shown to them only', async () => {
    const payload = chatInput(guest, { name: 'meets' });
    const callback = await discord.send(payload);
    expect(callback.body).toEqual({ type: 5, data: { flags: 0 } });
    const followUp = await waitFor(
      () => followUpsOf(discord.fake, payload.token)[0],
      'the private refusal',
    );
    expect(followUp.body.flags).toBe(64);
    expect(textOf(followUp.body)).toMatch(/coach/i);
    expect(
      discord.fake.calls.some(
        (call) => call.method === 'DELETE' && call.path.includes(payload.token),
      ),
    ).toBe(true);
  });

  it('when a Discord role is granted welfare by the policy, its holder sees /incident list', async () => {
    const payload = chatInput(welfare, { name: 'incident', subcommand: 'list' });
    const callback = await discord.send(payload);
    expect(callback.body).toEqual({ type: 5, data: { flags: 64 } });
    const edit = await discord.editOf(payload.token);
    expect(edit.body.embeds?.[0]?.title).toMatch(
      /Incidents not closed|There are no|Open incidents/,
    );
  });

  it('when an option value is not one the command knows, the command’s help comes back privately', async () => {
    const payload = chatInput(welfare, {
      name: 'incident',
      subcommand: 'list',
      options: { status: 'Bogus' },
    });
    await discord.send(payload);
    const edit = await discord.editOf(payload.token);
    expect(textOf(edit.body)).toMatch(/Bogus\\?" is not a status \/incident list knows/);
  });

  it('when the gateway connection drops, discord.js resumes and the next command is answered', async () => {
    const connections = discord.fake.identifies.length + discord.fake.resumes.length;
    discord.fake.dropGateway();
    await waitFor(
      () => discord.fake.identifies.length + discord.fake.resumes.length > connections,
      'the client to reconnect',
      20_000,
    );
    expect(discord.adapter.client.isReady()).toBe(true);
    const callback = await discord.send(chatInput(guest, { name: 'help' }));
    expect(callback.body.type).toBe(5);
  });
});
