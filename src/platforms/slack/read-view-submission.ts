import type { ViewOutput } from '@slack/bolt';
import { decodeFormMetadata, type FormMetadata } from './form-metadata.js';

/** What a `view_submission` says: the typed values by field id, and the modal's metadata. */
export interface ViewSubmission {
  values: Record<string, string>;
  /** Undefined when the modal is not one of the bot's forms. */
  metadata: FormMetadata | undefined;
}

/**
 * Pure: the values of a submitted modal by block id (= field id), whatever the input: text and
 * email inputs give `value`, a datepicker `selected_date`, a select `selected_option.value`.
 * An empty input is `''`; the dispatcher's checks decide what that means.
 */
export function readViewSubmission(
  view: Pick<ViewOutput, 'state' | 'private_metadata'>,
): ViewSubmission {
  const values: Record<string, string> = {};
  for (const [blockId, actions] of Object.entries(view.state.values)) {
    const [state] = Object.values(actions);
    if (!state) continue;
    values[blockId] = state.value ?? state.selected_date ?? state.selected_option?.value ?? '';
  }
  return { values, metadata: decodeFormMetadata(view.private_metadata) };
}
