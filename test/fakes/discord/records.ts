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

/** A recorded call whose body the fake received as `Body`. */
export type CallRecord<Body> = RecordedCall & { body: Body };

/** The calls `match` picks, read as carrying `Body` (the fake recorded what the client sent). */
function callsWhere<Body>(fake: FakeDiscord, match: (call: RecordedCall) => boolean) {
  return fake.calls.filter(match) as CallRecord<Body>[];
}

/** Interaction callbacks (defer, modal, reply, autocomplete result) for one interaction id. */
export const callbacksOf = (fake: FakeDiscord, interactionId: string) =>
  callsWhere<CallbackBody>(
    fake,
    (call) => call.method === 'POST' && call.path.startsWith(`/interactions/${interactionId}/`),
  );

/** Edits of the original response made through an interaction's webhook. */
export const editsOf = (fake: FakeDiscord, token: string) =>
  callsWhere<MessageBody>(
    fake,
    (call) => call.method === 'PATCH' && call.path.includes(`/${token}/messages/@original`),
  );

/** Follow-up messages posted through an interaction's webhook. */
export const followUpsOf = (fake: FakeDiscord, token: string) =>
  callsWhere<MessageBody>(
    fake,
    (call) =>
      call.method === 'POST' &&
      call.path.startsWith('/webhooks/') &&
      call.path.endsWith(`/${token}`),
  );

/** Every text of a message body, for assertions on what a person would read. */
export function textOf(body: MessageBody | CallbackBody['data'] | undefined): string {
  return JSON.stringify(body ?? {});
}
