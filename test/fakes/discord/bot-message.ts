import { snowflake } from './snowflake.js';

/** The bot's user as Discord describes it; the fake's bot is this one unless told another id. */
export function botUserOf(id = '900000000000000001') {
  return {
    id,
    username: 'club-bot',
    discriminator: '0',
    global_name: 'Club bot',
    avatar: null,
    bot: true,
  };
}

/** A message of the bot in a channel as Discord's API returns it, `fields` over the defaults. */
export function botMessage(channelId: string, fields: object = {}, author = botUserOf()) {
  return {
    id: snowflake(),
    channel_id: channelId,
    author,
    content: '',
    embeds: [],
    components: [],
    attachments: [],
    mentions: [],
    mention_roles: [],
    mention_everyone: false,
    pinned: false,
    tts: false,
    type: 0,
    timestamp: new Date().toISOString(),
    edited_timestamp: null,
    flags: 0,
    ...fields,
  };
}
