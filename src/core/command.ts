import type { AuditEntry } from './audit-entry.js';
import type { CodeOfConductReading } from '../cache/read-code-of-conduct.js';
import type { MemberLinks } from './chat-user.js';
import type { Asker, ChatUser, Platform } from './chat-user.js';
import type { ClubContacts, ClubData, QuotaReport } from './club-data.js';
import type { DigestDesk } from './digest-desk.js';
import type { FormDefinition, FormId } from './form.js';
import type { Reply } from './reply.js';
import type { BotRole } from './roles.js';

/** An option of a command, as Slack text, Discord options and the console all supply it. */
export interface CommandOption {
  name: string;
  description: string;
  required: boolean;
  /** Fixed choices (Discord shows them as a list; ≤ 25). Cannot be combined with autocomplete. */
  choices?: readonly { name: string; value: string }[];
  /**
   * Suggestions answered from the cache, never spending budget: session names, member names, or
   * the names of members a chat user may be linked to (current adults).
   */
  autocomplete?: 'sessions' | 'members' | 'linkable-members';
  /** A chat user (Discord offers its user picker and sends the id) rather than text. Default: text. */
  type?: 'text' | 'user';
  /** The option takes the rest of the text (names with spaces). Only the last option may. */
  rest?: boolean;
}

/** What a handler gets: parsed options, the asker, the club's data, the clock. */
export interface CommandContext {
  options: Record<string, string>;
  asker: Asker;
  data: ClubData;
  now: Date;
  /** The club's IANA time zone, for "today" and "tonight". */
  timezone: string;
  /** Whether the asker may run another command (for /help and follow-up buttons). */
  mayRun(commandName: string): boolean;
  quota(): Promise<QuotaReport>;
  /** Entries of the audit trail, newest first (for /audit). */
  auditTrail(query: { member?: string; limit?: number }): Promise<AuditEntry[]>;
  /** Digest subscriptions, for /digest and /today (the worker supplies them). */
  digests?: DigestDesk;
  /** The stored links of chat users to members, for /link (the worker supplies them). */
  links?: Pick<MemberLinks, 'get' | 'set' | 'list' | 'remove'>;
  /** Runs one change of the links at a time, for /link (the worker supplies it). */
  exclusiveLinks?<T>(work: () => Promise<T>): Promise<T>;
  /** The roles a link of this chat user to the member involves, for /link's limits. */
  linkedRolesOf?(user: ChatUser, memberGuid: string): Promise<BotRole[]>;
  /**
   * Tells the club's welfare officers at once, once for this command whatever happens to its
   * job; resolves the names of those told (the worker supplies it).
   */
  tellWelfare?(notice: Reply): Promise<string[]>;
  /** Who can help, from the club's records, for refusals that name people. Default: none. */
  contacts?(): Promise<ClubContacts | undefined>;
  /** The host's codes of conduct (beyond the spec; a 404 is asked once a day). Default: not served. */
  codeOfConduct?(): Promise<CodeOfConductReading>;
}

/** What every command declares. */
interface CommandBase {
  /** What people type after the slash, with the subcommand if any ("incident new"). */
  name: string;
  description: string;
  options: readonly CommandOption[];
  /** Who may run it by default: any of these roles (the access policy may change it). */
  roles: readonly BotRole[];
  /** True when the reply may carry personal data: it is then only ever shown to the asker. */
  personalData: boolean;
  /** Real uses, shown by `/help <command>` (two at most). Default: none, only the usage. */
  examples?: readonly string[];
  /** The chat platforms that offer it (deployed, listed by /help, run). Default: every one. */
  platforms?: readonly Platform[];
}

/** A command answered by a handler: data in, neutral reply out. */
export interface QueryCommand extends CommandBase {
  kind: 'query';
  /** False when the reply needs no club data (answered at once by the adapter, e.g. /help). */
  needsClub: boolean;
  /**
   * Whether a reply with personal data is recorded in the audit trail. Default: true. /audit is
   * not: its reply is the trail itself, and an entry per reading would bury the ones it shows.
   */
  audited?: boolean;
  handle(context: CommandContext): Promise<Reply>;
}

/** What building a form may depend on. */
export interface FormContext {
  asker: Asker;
  now: Date;
  timezone: string;
  /** Who can help, from the club's records, when known (names in notices). Default: none. */
  contacts?: ClubContacts;
  /** What the person typed after the command, by option, to fill the form in. Default: none. */
  options?: Record<string, string>;
}

/** A command that opens a form; the adapter shows it and the worker files the submission. */
export interface FormCommand extends CommandBase {
  kind: 'form';
  form: FormId;
  /** The form as this person sees it: defaults filled in (today's date), a reporter field when unlinked. */
  buildForm(context: FormContext): FormDefinition;
}

/**
 * One command of the registry. The same object feeds Slack, Discord, the console, /help, the
 * Slack manifest and Discord deployment, so runtime and deployment cannot drift.
 */
export type CommandDefinition = QueryCommand | FormCommand;

/** Whether a platform offers the command (its manifest or deployment, /help, the dispatcher). */
export function offeredOn(
  command: Pick<CommandDefinition, 'platforms'>,
  platform: Platform,
): boolean {
  return command.platforms === undefined || command.platforms.includes(platform);
}
