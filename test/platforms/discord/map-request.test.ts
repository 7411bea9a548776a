import { ApplicationCommandOptionType } from 'discord.js';
import { describe, expect, it } from 'vitest';
import {
  commandNameOf,
  formValuesOf,
  mapCommandInteraction,
  type CommandInteractionLike,
} from '../../../src/platforms/discord/map-request.js';

const guildId = '800000000000000001';

function interaction(overrides: Partial<CommandInteractionLike>): CommandInteractionLike {
  return {
    id: '1573821842160877570',
    applicationId: '700000000000000001',
    token: 'token',
    createdTimestamp: 1_700_000_000_000,
    channelId: '800000000000000002',
    guildId,
    user: { id: '600000000000000001' },
    member: { roles: ['500000000000000001'] },
    commandName: 'session',
    options: { data: [] },
    ...overrides,
  };
}

describe('mapping a Discord interaction to the dispatcher’s input', () => {
  it('when a command has options, they are given by name, with the guild as team and roles as groups', () => {
    const mapped = mapCommandInteraction(
      interaction({
        options: {
          data: [{ name: 'when', type: ApplicationCommandOptionType.String, value: 'Tuesday' }],
        },
      }),
      { ephemeral: true },
    );
    expect(mapped).toEqual({
      input: { id: '1573821842160877570', name: 'session', options: { when: 'Tuesday' } },
      user: {
        platform: 'discord',
        userId: '600000000000000001',
        teamId: guildId,
        groups: ['500000000000000001'],
      },
      replyTo: {
        platform: 'discord',
        userId: '600000000000000001',
        channelId: '800000000000000002',
        applicationId: '700000000000000001',
        interactionToken: 'token',
        issuedAt: 1_700_000_000_000,
        ephemeral: true,
      },
    });
  });

  it('when a subcommand is used, the registry name has both words and its options are read', () => {
    const subcommand = interaction({
      commandName: 'incident',
      options: {
        data: [
          {
            name: 'list',
            type: ApplicationCommandOptionType.Subcommand,
            options: [{ name: 'status', type: ApplicationCommandOptionType.String, value: 'Open' }],
          },
        ],
      },
    });
    expect(commandNameOf(subcommand)).toBe('incident list');
    expect(mapCommandInteraction(subcommand, { ephemeral: false }).input.options).toEqual({
      status: 'Open',
    });
    const bare = interaction({
      commandName: 'incident',
      options: { data: [{ name: 'new', type: ApplicationCommandOptionType.Subcommand }] },
    });
    expect(commandNameOf(bare)).toBe('incident new');
  });

  it('when the member is cached, its roles come from the role manager, without the guild’s @everyone role', () => {
    const cached = interaction({
      member: {
        roles: {
          cache: new Map([
            [guildId, {}],
            ['500000000000000009', {}],
          ]),
        },
      },
    });
    expect(mapCommandInteraction(cached, { ephemeral: true }).user.groups).toEqual([
      '500000000000000009',
    ]);
  });

  it('when a modal is submitted, text inputs give their value and a select its one choice', () => {
    expect(
      formValuesOf([
        { customId: 'title', value: 'Lane rope' },
        { customId: 'status', values: ['Open'] },
        { customId: 'empty', values: [] },
      ]),
    ).toEqual({ title: 'Lane rope', status: 'Open', empty: '' });
  });

  it('when the member has a nickname, a display name or only a username, the name the guild shows is the display name', () => {
    const user = { id: '600000000000000001', username: 'jo_b', globalName: 'Jo Bloggs' };
    const nameOf = (overrides: Partial<CommandInteractionLike>) =>
      mapCommandInteraction(interaction({ user, ...overrides }), { ephemeral: true }).user
        .displayName;
    expect(nameOf({ member: { roles: [], nick: 'Coach Jo' } })).toBe('Coach Jo');
    expect(nameOf({ member: { roles: [], nickname: 'Coach Jo' } })).toBe('Coach Jo');
    expect(nameOf({ member: { roles: [], nick: null } })).toBe('Jo Bloggs');
    expect(nameOf({ user: { id: '6', username: 'jo_b', globalName: null } })).toBe('jo_b');
  });
});
