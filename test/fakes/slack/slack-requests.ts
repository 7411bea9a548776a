import { createHmac } from 'node:crypto';

/** Slack's request signature: `v0=` + hex HMAC-SHA256 of `v0:{timestamp}:{raw body}`. */
export function slackSignature(secret: string, timestamp: number, body: string): string {
  return `v0=${createHmac('sha256', secret).update(`v0:${timestamp}:${body}`).digest('hex')}`;
}

/** How to sign a request: the right secret and now, unless a test says otherwise. */
export interface SigningOptions {
  secret: string;
  /** Seconds since the epoch. Default: now. */
  timestamp?: number;
  /** Send this signature instead of the right one; `null` sends none. */
  signature?: string | null;
}

export interface SlackAnswer {
  status: number;
  text: string;
  /** The body parsed as JSON, or undefined (an empty acknowledgement). */
  json: Record<string, unknown> | undefined;
  elapsedMs: number;
}

/**
 * POSTs a body to the app as Slack does: the content type exactly
 * `application/x-www-form-urlencoded` (Bolt parses nothing else) and a string body.
 */
export async function postToSlackApp(
  url: string,
  body: string,
  signing: SigningOptions,
): Promise<SlackAnswer> {
  const timestamp = signing.timestamp ?? Math.floor(Date.now() / 1000);
  const signature =
    signing.signature === undefined
      ? slackSignature(signing.secret, timestamp, body)
      : signing.signature;
  const started = performance.now();
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      'x-slack-request-timestamp': String(timestamp),
      ...(signature === null ? {} : { 'x-slack-signature': signature }),
    },
    body,
  });
  const text = await response.text();
  const elapsedMs = performance.now() - started;
  let json: Record<string, unknown> | undefined;
  try {
    json = text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, text, json, elapsedMs };
}

/** A person in a workspace and the channel they type in. */
export interface SlackPerson {
  userId: string;
  teamId?: string;
  channelId?: string;
}

/** The form body of a slash command, as Slack sends it over HTTP. */
export function slashCommandBody(
  person: SlackPerson,
  command: string,
  text: string,
  extra: { responseUrl: string; triggerId?: string },
): string {
  return new URLSearchParams(slashCommandFields(person, command, text, extra)).toString();
}

/** A slash command's fields, as Slack sends them (a form over HTTP, a payload over the socket). */
export function slashCommandFields(
  person: SlackPerson,
  command: string,
  text: string,
  extra: { responseUrl: string; triggerId?: string },
): Record<string, string> {
  return {
    token: 'legacy-verification-token',
    team_id: person.teamId ?? 'T1',
    team_domain: 'club',
    channel_id: person.channelId ?? 'C1',
    channel_name: 'poolside',
    user_id: person.userId,
    user_name: person.userId.toLowerCase(),
    command,
    text,
    api_app_id: 'A1',
    is_enterprise_install: 'false',
    response_url: extra.responseUrl,
    trigger_id: extra.triggerId ?? `trigger-${Date.now()}`,
  };
}

/** An interactivity body: `payload=<url-encoded JSON>`. */
export function interactionBody(payload: Record<string, unknown>): string {
  return `payload=${encodeURIComponent(JSON.stringify(payload))}`;
}

interface RecordedInput {
  type: 'input';
  block_id: string;
  element: {
    type: string;
    options?: { text: unknown; value: string }[];
  };
}

/**
 * A view_submission of a view the app opened (as recorded by the fake's views.open), with
 * `values` typed into it by block id. Blocks not given are left empty.
 */
export function viewSubmissionPayload(
  person: SlackPerson,
  view: Record<string, unknown> & { id: string },
  values: Record<string, string>,
): Record<string, unknown> {
  const blocks = (view.blocks as RecordedInput[]).filter((block) => block.type === 'input');
  const state: Record<string, Record<string, unknown>> = {};
  for (const block of blocks) {
    const typed = values[block.block_id];
    const { type } = block.element;
    const entry: Record<string, unknown> = { type };
    if (type === 'datepicker') entry.selected_date = typed ?? null;
    else if (type === 'static_select')
      entry.selected_option = typed
        ? (block.element.options?.find((option) => option.value === typed) ?? {
            text: { type: 'plain_text', text: typed },
            value: typed,
          })
        : null;
    else entry.value = typed ?? null;
    state[block.block_id] = { value: entry };
  }
  return {
    type: 'view_submission',
    team: { id: person.teamId ?? 'T1', domain: 'club' },
    user: { id: person.userId, name: person.userId.toLowerCase(), team_id: person.teamId ?? 'T1' },
    api_app_id: 'A1',
    token: 'legacy-verification-token',
    trigger_id: `trigger-${Date.now()}`,
    view: {
      ...view,
      team_id: person.teamId ?? 'T1',
      app_id: 'A1',
      bot_id: 'BBOT',
      state: { values: state },
      root_view_id: view.id,
      previous_view_id: null,
    },
    response_urls: [],
  };
}

/** A block_actions payload: `person` pressed the button `actionId` with `value`. */
export function buttonPressPayload(
  person: SlackPerson,
  button: { actionId: string; value: string },
  extra: { responseUrl: string; triggerId?: string },
): Record<string, unknown> {
  const channel = person.channelId ?? 'C1';
  return {
    type: 'block_actions',
    user: {
      id: person.userId,
      username: person.userId.toLowerCase(),
      team_id: person.teamId ?? 'T1',
    },
    api_app_id: 'A1',
    token: 'legacy-verification-token',
    container: {
      type: 'message',
      message_ts: '1700000000.1',
      channel_id: channel,
      is_ephemeral: true,
    },
    trigger_id: extra.triggerId ?? `trigger-${Date.now()}`,
    team: { id: person.teamId ?? 'T1', domain: 'club' },
    channel: { id: channel, name: 'poolside' },
    response_url: extra.responseUrl,
    actions: [
      {
        type: 'button',
        action_id: button.actionId,
        block_id: 'actions',
        value: button.value,
        text: { type: 'plain_text', text: 'Button' },
        action_ts: String(Date.now() / 1000),
      },
    ],
  };
}

/** Sends an Events API callback as Slack does: JSON, signed; resolves the HTTP status. */
export async function postEventToSlackApp(
  url: string,
  event: Record<string, unknown>,
  options: { secret: string; teamId?: string },
): Promise<number> {
  const teamId = options.teamId ?? 'T1';
  const body = JSON.stringify({
    token: 'unused',
    team_id: teamId,
    api_app_id: 'A1',
    type: 'event_callback',
    event_id: `Ev${Math.random().toString(36).slice(2)}`,
    event_time: Math.floor(Date.now() / 1000),
    event,
    authorizations: [{ team_id: teamId, enterprise_id: null, user_id: 'UBOT', is_bot: true }],
  });
  const timestamp = Math.floor(Date.now() / 1000);
  const response = await fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-slack-request-timestamp': String(timestamp),
      'x-slack-signature': slackSignature(options.secret, timestamp, body),
    },
    body,
  });
  return response.status;
}
