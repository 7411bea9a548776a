import { HTTPReceiver, type HTTPReceiverOptions } from '@slack/bolt';
import { requestSignature } from './replay-guard.js';

/**
 * Bolt's HTTP receiver as every app of the bot uses it: acknowledge first (holding the answer is
 * for FaaS hosts), and each request's signature kept on the context for the replay guard.
 */
export function createHttpReceiver(
  options: Omit<HTTPReceiverOptions, 'processBeforeResponse' | 'customPropertiesExtractor'>,
): HTTPReceiver {
  return new HTTPReceiver({
    ...options,
    processBeforeResponse: false,
    customPropertiesExtractor: requestSignature,
  });
}
