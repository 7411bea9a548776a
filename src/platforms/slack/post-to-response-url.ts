import type { types } from '@slack/bolt';

/** What a response_url post carries. */
export interface ResponseUrlMessage {
  response_type: 'ephemeral' | 'in_channel';
  replace_original: boolean;
  text: string;
  blocks?: types.KnownBlock[];
}

/**
 * - `posted`: Slack took it.
 * - `gone`: Slack refused the URL (used 5 times, older than 30 minutes: Slack answers an error
 *   status or `{"ok":false,"error":"Expired url"}`); use the Web API, and never this URL again.
 * - `failed`: no answer (network, timeout); use the Web API this time.
 */
export type ResponseUrlOutcome = 'posted' | 'gone' | 'failed';

/**
 * Posts one message to a response_url. Both the status and the body are read: Slack has been seen
 * to answer an expired URL with an `ok: false` body.
 */
export async function postToResponseUrl(
  url: string,
  message: ResponseUrlMessage,
  timeoutMs = 5_000,
): Promise<ResponseUrlOutcome> {
  let status: number;
  let body: string;
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8' },
      body: JSON.stringify(message),
      signal: AbortSignal.timeout(timeoutMs),
    });
    status = response.status;
    body = await response.text().catch(() => '');
  } catch {
    return 'failed';
  }
  if (status < 200 || status >= 300) return 'gone';
  return saysNotOk(body) ? 'gone' : 'posted';
}

function saysNotOk(body: string): boolean {
  if (!body.trimStart().startsWith('{')) return false;
  try {
    return (JSON.parse(body) as { ok?: unknown }).ok === false;
  } catch {
    return false;
  }
}

/**
 * Whether a response_url may be posted to: Slack's own hosts over https, or the configured
 * `SLACK_API_URL`'s origin (a fake in tests). A reply never goes anywhere else, whatever a stored
 * address says.
 */
export function isSlackResponseUrl(url: string, slackApiUrl?: string): boolean {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.protocol === 'https:' && /(^|\.)slack\.com$/.test(parsed.hostname)) return true;
  return slackApiUrl !== undefined && new URL(slackApiUrl).origin === parsed.origin;
}
