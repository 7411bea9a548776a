import { formCommands } from '../../commands/form-commands.js';
import type { FormId } from '../../core/form.js';

/**
 * What a modal carries in its `private_metadata` (≤ 3000 characters, returned untouched in the
 * signed submission): which form it is and where its confirmation goes.
 */
export interface FormMetadata {
  form: FormId;
  /** The channel the command came from: the confirmation is posted there, visible only to the person. */
  channelId: string;
  /** The slash command's response_url, used while it lasts (5 posts within 30 minutes). */
  responseUrl?: string;
  issuedAt: number;
}

export function encodeFormMetadata(metadata: FormMetadata): string {
  return JSON.stringify(metadata);
}

/** Reads `private_metadata`; undefined when it is not the bot's. */
export function decodeFormMetadata(text: string | undefined): FormMetadata | undefined {
  try {
    const parsed: unknown = JSON.parse(text ?? '');
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { form, channelId, responseUrl, issuedAt } = parsed as Record<string, unknown>;
    if (typeof form !== 'string' || !Object.hasOwn(formCommands, form)) return undefined;
    if (typeof channelId !== 'string' || typeof issuedAt !== 'number') return undefined;
    return {
      form: form as FormId,
      channelId,
      issuedAt,
      ...(typeof responseUrl === 'string' ? { responseUrl } : {}),
    };
  } catch {
    return undefined;
  }
}
