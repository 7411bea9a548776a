import type { FormDefinition } from '../../core/form.js';
import type { FormValues } from '../../core/form.js';
import type { ListenerDeps } from './listener-deps.js';
import type { FormMetadata } from './form-metadata.js';
import { renderModal } from './render-modal.js';
import { slackFailureCode } from './errors.js';
import { describeError } from '../../errors.js';

/**
 * Opens a form as a modal. Its trigger_id lasts 3 seconds and works once, which is why forms
 * open here in the listener and never in the worker. False when Slack refused (the person is told).
 */
export async function openForm(
  deps: Pick<ListenerDeps, 'client' | 'logger' | 'onApiError'>,
  triggerId: string,
  form: FormDefinition,
  metadata: FormMetadata,
  values?: FormValues,
): Promise<boolean> {
  try {
    await deps.client.views.open({
      trigger_id: triggerId,
      view: renderModal(form, { metadata, ...(values ? { values } : {}) }),
    });
    return true;
  } catch (error) {
    const code = slackFailureCode(error);
    if (code !== undefined) deps.onApiError?.(code);
    deps.logger.warn({ form: form.id, err: describeError(error) }, 'views.open failed');
    return false;
  }
}
