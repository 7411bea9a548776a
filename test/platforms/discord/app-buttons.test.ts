import { describe, expect, it } from 'vitest';
import { buttonPress } from '../../fakes/discord/interactions.js';
import { textOf } from '../../fakes/discord/records.js';
import { coach, guest, useDiscordFixture } from './app-fixture.js';

const discord = useDiscordFixture();

describe('the Discord adapter: buttons on replies', () => {
  it('when a long reply is paged, Next shows the following page in the same message', async () => {
    const token = 'paged-reply-token';
    const edit = await discord.deliverPrivately(token, coach, {
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
    const update = await discord.send(press);
    expect(update.body.type).toBe(7);
    expect(textOf(update.body.data)).toContain('2 / ');
  });

  it('when a follow-up button is pressed, its command runs as the person who pressed it', async () => {
    const press = buttonPress(guest, 'run:help:');
    const callback = await discord.send(press);
    expect(callback.body).toEqual({ type: 5, data: { flags: 64 } });
    const edit = await discord.editOf(press.token);
    expect(edit.body.embeds?.[0]?.title).toBe('What you can ask the club bot');
  });

  it('when "Post to channel" is pressed, the reply without personal data is posted publicly', async () => {
    const token = 'post-to-channel-token';
    const button = (
      await discord.deliverPrivately(token, guest, {
        title: 'Upcoming events',
        sections: [{ kind: 'list', items: ['Club gala, Sat 6 Dec'] }],
        visibility: 'asker',
        personalData: false,
        actions: [{ id: 'post-to-channel', label: 'Post to channel', kind: 'post-to-channel' }],
      })
    ).body.components?.[0]?.components[0];
    const press = buttonPress(guest, button?.custom_id ?? '');
    const callback = await discord.send(press);
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
      await discord.deliverPrivately(token, guest, {
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
    const callback = await discord.send(press);
    expect(callback.body).toEqual({ type: 5, data: { flags: 64 } });
    expect((await discord.editOf(press.token)).body.embeds?.length).toBeGreaterThan(0);
  });

  it('when a kept follow-up has expired, pressing its button says so privately', async () => {
    const press = buttonPress(guest, 'follow:no-such-state');
    const callback = await discord.send(press);
    expect(callback.body.data?.flags).toBe(64);
    expect(textOf(callback.body.data)).toContain('kept for 15 minutes and has gone');
  });
});
