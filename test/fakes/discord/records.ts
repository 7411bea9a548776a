import type { FakeDiscord, RecordedCall } from './start-fake-discord.js';

/** What tests read from the fake's records. */
export interface CallbackBody {
  type: number;
  data?: Record<string, unknown> & {
    flags?: number;
    custom_id?: string;
    title?: string;
    components?: unknown[];
    choices?: { name: string; value: string }[];
    embeds?: { title?: string; description?: string; fields?: { name: string; value: string }[] }[];
  };
}

export interface MessageBody {
  content?: string;
  flags?: number;
  embeds?: {
    title?: string;
    description?: string;
    fields?: { name: string; value: string }[];
    footer?: { text: string };
  }[];
  components?: {
    type: number;
    components: { custom_id: string; label: string; disabled?: boolean }[];
  }[];
  allowed_mentions?: { parse?: string[] };
}

/** Interaction callbacks (defer, modal, reply, autocomplete result) for one interaction id. */
export function callbacksOf(
  fake: FakeDiscord,
  interactionId: string,
): (RecordedCall & { body: CallbackBody })[] {
  return fake.calls.filter(
    (call) => call.method === 'POST' && call.path.startsWith(`/interactions/${interactionId}/`),
  ) as (RecordedCall & { body: CallbackBody })[];
}

/** Edits of the original response made through an interaction's webhook. */
export function editsOf(
  fake: FakeDiscord,
  token: string,
): (RecordedCall & { body: MessageBody })[] {
  return fake.calls.filter(
    (call) => call.method === 'PATCH' && call.path.includes(`/${token}/messages/@original`),
  ) as (RecordedCall & { body: MessageBody })[];
}

/** Follow-up messages posted through an interaction's webhook. */
export function followUpsOf(
  fake: FakeDiscord,
  token: string,
): (RecordedCall & { body: MessageBody })[] {
  return fake.calls.filter(
    (call) =>
      call.method === 'POST' &&
      call.path.startsWith('/webhooks/') &&
      call.path.endsWith(`/${token}`),
  ) as (RecordedCall & { body: MessageBody })[];
}

/** Every text of a message body, for assertions on what a person would read. */
export function textOf(body: MessageBody | CallbackBody['data'] | undefined): string {
  return JSON.stringify(body ?? {});
}
