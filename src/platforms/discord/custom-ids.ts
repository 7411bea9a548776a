import type { FormId } from '../../core/form.js';

/**
 * What a modal or a button stands for, kept in its `custom_id` (Discord allows 100 characters).
 * Anything larger (typed form values, pages of a long reply) lives in Redis under `stateId`.
 */
export type CustomId =
  /** A modal: which form it is. */
  | { kind: 'form'; form: FormId }
  /** "Reopen the form": the form and what was typed are in Redis. */
  | { kind: 'reopen'; stateId: string }
  /** "File it anyway": file what was typed (kept in Redis) although it looks already on file. */
  | { kind: 'confirm'; stateId: string }
  /** Prev/Next of a long reply; `tag` keeps the buttons of one message apart. */
  | { kind: 'page'; stateId: string; page: number; tag: string }
  /** A follow-up command ("choose this member"), run as whoever presses it. */
  | { kind: 'run'; command: string; args: string }
  /** A follow-up command too long for a custom id: the command and its arguments are in Redis. */
  | { kind: 'follow-up'; stateId: string }
  /** Re-post a reply without personal data to the channel; the reply is in Redis. */
  | { kind: 'post'; stateId: string };

/** Discord's limit on a custom id. */
export const maxCustomIdLength = 100;

const formIds: readonly FormId[] = ['incident', 'trial', 'waitinglist'];

export function encodeCustomId(id: CustomId): string {
  switch (id.kind) {
    case 'form':
      return `form:${id.form}`;
    case 'reopen':
      return `reopen:${id.stateId}`;
    case 'confirm':
      return `confirm:${id.stateId}`;
    case 'page':
      return `page:${id.stateId}:${id.page}:${id.tag}`;
    case 'run':
      return `run:${id.command}:${id.args}`;
    case 'follow-up':
      return `follow:${id.stateId}`;
    case 'post':
      return `post:${id.stateId}`;
  }
}

/** Undefined for an id this bot did not make (or made by an older version). */
export function decodeCustomId(text: string): CustomId | undefined {
  const [kind = '', first = '', ...rest] = text.split(':');
  switch (kind) {
    case 'form': {
      const form = formIds.find((candidate) => candidate === first);
      return form ? { kind: 'form', form } : undefined;
    }
    case 'reopen':
      return first ? { kind: 'reopen', stateId: first } : undefined;
    case 'confirm':
      return first ? { kind: 'confirm', stateId: first } : undefined;
    case 'post':
      return first ? { kind: 'post', stateId: first } : undefined;
    case 'follow':
      return first ? { kind: 'follow-up', stateId: first } : undefined;
    case 'page': {
      const page = Number(rest[0]);
      return first && Number.isInteger(page) && page >= 0
        ? { kind: 'page', stateId: first, page, tag: rest[1] ?? '' }
        : undefined;
    }
    case 'run':
      // Arguments may hold colons (a name never does, but a Guid-free text could): keep them whole.
      return first ? { kind: 'run', command: first, args: rest.join(':') } : undefined;
    default:
      return undefined;
  }
}
