import { connectionPart, type HealthPart } from '../../ops/health-part.js';
import type { RunningSlackAdapter } from './app.js';

/** Slack's part of /readyz: not ready until auth.test has answered, then whether Slack reaches the bot. */
export function slackPart(slack: RunningSlackAdapter, what: string): HealthPart {
  if (!slack.identified()) return { ok: false, detail: 'waiting for Slack auth.test to answer' };
  return connectionPart(slack.connected(), what);
}
