import type { FormId, FormValues } from './form.js';
import type { Cached } from './club-data.js';

/**
 * The platform-neutral reply every handler returns. All text is plain text: renderers escape it
 * for their platform (Block Kit mrkdwn, Discord markdown, the terminal), so a name such as
 * `<!channel>` or `@everyone` is shown, never obeyed.
 */
export interface Reply {
  title?: string;
  /** Short label/value pairs shown side by side (e.g. time, place, count). */
  fields?: ReplyField[];
  sections?: ReplySection[];
  /** A line under the reply, e.g. the data's age ("data from 4 minutes ago"). */
  footer?: string;
  /** Who sees it. Replies with personal data are always `asker`. */
  visibility: Visibility;
  /** True when the reply shows personal data: it is then never posted to a channel. */
  personalData: boolean;
  /** Buttons that follow up (e.g. "post to channel", "choose this member"). */
  actions?: ReplyAction[];
  /** Colour and wording of the frame. Default: `info`. */
  tone?: ReplyTone;
  /** A notice that the real answer follows later (e.g. queued until the budget allows). */
  interim?: boolean;
  /**
   * For the audit trail of a reply with personal data: whose records it shows and which field
   * groups. The worker records it and strips it before delivery.
   */
  audit?: ReplyAudit;
}

/** Whose personal data a reply shows, by member Guid, and which groups of fields. */
export interface ReplyAudit {
  readonly members: readonly string[];
  fieldGroups: AuditFieldGroup[];
}

export type AuditFieldGroup =
  | 'contact'
  | 'emergency-contacts'
  | 'health'
  | 'safeguarding'
  | 'roster'
  | 'incidents'
  | 'trial-requests'
  | 'waiting-list';

export type Visibility = 'asker' | 'channel';
export type ReplyTone = 'info' | 'success' | 'warning' | 'error';

export interface ReplyField {
  label: string;
  value: string;
}

/**
 * A part of a reply. Read-only: a section may be built once and shown in many replies (see
 * `lastingSection`), so nothing changes one after it is made.
 */
export type ReplySection = Readonly<
  | { kind: 'text'; title?: string; text: string }
  | { kind: 'list'; title?: string; items: readonly string[] }
  | { kind: 'fields'; title?: string; fields: readonly Readonly<ReplyField>[] }
  | {
      kind: 'table';
      title?: string;
      columns: readonly string[];
      rows: readonly (readonly string[])[];
    }
>;

/**
 * A follow-up button. Pressing it runs `command` with `args` as the person who pressed it
 * (permissions are checked again), or, for `post-to-channel`, re-posts this reply publicly;
 * `reopen-form` opens `form` again filled in, `confirm-form` files it as it is (a likely duplicate
 * the person has seen).
 */
export interface ReplyAction {
  id: string;
  label: string;
  kind: 'run-command' | 'post-to-channel' | 'reopen-form' | 'confirm-form';
  command?: string;
  args?: string;
  style?: 'primary' | 'danger';
  /**
   * `reopen-form` and `confirm-form`: the form and what the person typed. Platforms keep the
   * values briefly on their side (in Redis, sealed) rather than in the button.
   */
  form?: { id: FormId; values: FormValues };
}

/** A short reply of one line, e.g. an acknowledgement or a refusal. */
export function textReply(
  text: string,
  options: { tone?: ReplyTone; title?: string; visibility?: Visibility } = {},
): Reply {
  return {
    title: options.title,
    sections: [{ kind: 'text', text }],
    visibility: options.visibility ?? 'asker',
    personalData: false,
    tone: options.tone ?? 'info',
  };
}

/** The plain-text fallback of a reply (Slack's `text`, notifications, logs of tests). */
export function replyToPlainText(reply: Reply): string {
  const lines: string[] = [];
  if (reply.title) lines.push(reply.title);
  for (const field of reply.fields ?? []) lines.push(`${field.label}: ${field.value}`);
  for (const section of reply.sections ?? []) {
    if (section.title) lines.push(section.title);
    switch (section.kind) {
      case 'text':
        lines.push(section.text);
        break;
      case 'list':
        lines.push(...section.items.map((item) => `• ${item}`));
        break;
      case 'fields':
        lines.push(...section.fields.map((field) => `${field.label}: ${field.value}`));
        break;
      case 'table':
        lines.push(section.columns.join(' | '), ...section.rows.map((row) => row.join(' | ')));
        break;
    }
  }
  if (reply.footer) lines.push(reply.footer);
  return lines.join('\n');
}

/** A footer stating how old the data is, e.g. "Club data from 4 minutes ago". */
export function dataAge(
  sources: readonly Pick<Cached<unknown>, 'fetchedAt' | 'stale' | 'refreshFailed'>[],
  now: Date,
): string {
  if (sources.length === 0) return '';
  const oldest = Math.min(...sources.map((source) => source.fetchedAt));
  const age = timeAgo(oldest, now);
  // Only what is known: a refresh that failed, or one that is under way for a stale copy.
  if (sources.some((source) => source.refreshFailed))
    return `Club data from ${age} (the club service could not be asked for newer)`;
  if (sources.some((source) => source.stale)) return `Club data from ${age} (newer is on its way)`;
  return `Club data from ${age}`;
}

/** How long ago an instant (epoch ms) was: "just now", "4 minutes ago", "3 hours ago". */
export function timeAgo(instant: number, now: Date): string {
  const minutes = Math.max(0, Math.floor((now.getTime() - instant) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 120) return `${minutes} minute${minutes === 1 ? '' : 's'} ago`;
  return `${Math.floor(minutes / 60)} hours ago`;
}

/** A reply with personal data goes to the asker only, and offers no "post to channel". */
export function keepPrivate(reply: Reply): Reply {
  return {
    ...reply,
    personalData: true,
    visibility: 'asker',
    actions: reply.actions?.filter((action) => action.kind !== 'post-to-channel'),
  };
}
