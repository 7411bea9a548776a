import type { ReplyAction } from '../../core/reply.js';

/**
 * Block Kit `action_id`s of the bot's buttons start with the action's kind, so one listener per
 * kind finds them (`app.action(actionIdPattern['run-command'])`).
 */
export const actionIdPattern: Readonly<Record<ReplyAction['kind'], RegExp>> = {
  'run-command': /^run-command:/,
  'post-to-channel': /^post-to-channel:/,
  'reopen-form': /^reopen-form:/,
  'confirm-form': /^confirm-form:/,
};

/** The `action_id` of a button: its kind, then the reply's id for it (unique within the reply). */
export function actionIdOf(action: Pick<ReplyAction, 'kind' | 'id'>): string {
  return `${action.kind}:${action.id}`.slice(0, 255);
}

/** What a "run this command" button carries: the registry name and the text after it. */
export interface RunCommandValue {
  command: string;
  args: string;
}

/** The button value of a `run-command` action (a command name and a name or Guid: well under 2000). */
export function runCommandValue(action: ReplyAction): string | undefined {
  if (action.kind !== 'run-command' || !action.command) return undefined;
  const value = JSON.stringify({ command: action.command, args: action.args ?? '' });
  return value.length <= 2000 ? value : undefined;
}

/** Reads a `run-command` button value; undefined when it is not one. */
export function readRunCommandValue(value: string | undefined): RunCommandValue | undefined {
  try {
    const parsed: unknown = JSON.parse(value ?? '');
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    const { command, args } = parsed as Record<string, unknown>;
    if (typeof command !== 'string' || typeof args !== 'string') return undefined;
    return { command, args };
  } catch {
    return undefined;
  }
}
