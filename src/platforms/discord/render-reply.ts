import {
  ButtonStyle,
  ComponentType,
  type APIActionRowComponent,
  type APIAllowedMentions,
  type APIButtonComponentWithCustomId,
  type APIEmbed,
} from 'discord.js';
import type { Reply, ReplyAction } from '../../core/reply.js';
import { encodeCustomId } from './custom-ids.js';
import { escapeMentions, truncate } from './escape-discord-text.js';
import { renderEmbeds } from './render-embeds.js';

/** A message body as Discord's REST API takes it (interaction edits, follow-ups, channel posts). */
export interface DiscordMessage {
  content?: string;
  embeds: APIEmbed[];
  components: APIActionRowComponent<APIButtonComponentWithCustomId>[];
  /** Always empty: no text from a reply ever pings anyone. */
  allowed_mentions: APIAllowedMentions;
  flags?: number;
}

/** Options for {@link renderReply}. */
export interface RenderReplyOptions {
  /** The custom id of an action's button; undefined leaves it out. Default: every action left out. */
  buttonId?: (action: ReplyAction) => string | undefined;
  /** Where the pages are kept (Redis), for the Prev/Next buttons. Default: no page buttons. */
  pagesId?: string;
}

export const noMentions: APIAllowedMentions = Object.freeze({ parse: [] });

const maxRows = 5;
const buttonsPerRow = 5;
const buttonLabelLength = 80;

/**
 * Pure: the reply as one message per page. Action buttons come on every page; a reply of more
 * than one page gets a row of Prev · n / N · Next whose custom ids name the kept pages.
 */
export function renderReply(reply: Reply, options: RenderReplyOptions = {}): DiscordMessage[] {
  const pages = renderEmbeds(reply);
  const navigation = pages.length > 1 && options.pagesId !== undefined;
  const actionRows = actionButtonRows(
    reply.actions ?? [],
    options.buttonId,
    navigation ? maxRows - 1 : maxRows,
  );
  return pages.map((embeds, page) => ({
    embeds,
    components:
      navigation && options.pagesId
        ? [...actionRows, pageRow(options.pagesId, page, pages.length)]
        : actionRows,
    allowed_mentions: noMentions,
  }));
}

function actionButtonRows(
  actions: readonly ReplyAction[],
  buttonId: RenderReplyOptions['buttonId'],
  rows: number,
): APIActionRowComponent<APIButtonComponentWithCustomId>[] {
  const buttons = actions.flatMap((action): APIButtonComponentWithCustomId[] => {
    const customId = buttonId?.(action);
    if (customId === undefined) return [];
    return [
      {
        type: ComponentType.Button,
        custom_id: customId,
        label: truncate(escapeMentions(action.label), buttonLabelLength),
        style:
          action.style === 'primary'
            ? ButtonStyle.Primary
            : action.style === 'danger'
              ? ButtonStyle.Danger
              : ButtonStyle.Secondary,
      },
    ];
  });
  const result: APIActionRowComponent<APIButtonComponentWithCustomId>[] = [];
  for (let start = 0; start < buttons.length && result.length < rows; start += buttonsPerRow) {
    result.push({
      type: ComponentType.ActionRow,
      components: buttons.slice(start, start + buttonsPerRow),
    });
  }
  return result;
}

function pageRow(
  stateId: string,
  page: number,
  count: number,
): APIActionRowComponent<APIButtonComponentWithCustomId> {
  const button = (
    target: number,
    tag: string,
    label: string,
    disabled: boolean,
  ): APIButtonComponentWithCustomId => ({
    type: ComponentType.Button,
    custom_id: encodeCustomId({ kind: 'page', stateId, page: Math.max(0, target), tag }),
    label,
    style: ButtonStyle.Secondary,
    disabled,
  });
  return {
    type: ComponentType.ActionRow,
    components: [
      button(page - 1, 'prev', 'Prev', page === 0),
      button(page, 'at', `${page + 1} / ${count}`, true),
      button(page + 1, 'next', 'Next', page === count - 1),
    ],
  };
}
