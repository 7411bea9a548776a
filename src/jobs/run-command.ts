import { mayRun, rolesFor, type AccessPolicy } from '../access/access-policy.js';
import { refusalReply } from '../access/refusal-reply.js';
import { readContacts } from '../access/club-contacts.js';
import type { ClubContacts, ClubData, QuotaReport } from '../core/club-data.js';
import type { AuditEntry, AuditTrail } from '../access/audit-trail.js';
import type { AskerResolver } from '../access/asker.js';
import type { MemberLinks } from '../core/chat-user.js';
import { offeredOn, type CommandDefinition, type QueryCommand } from '../core/command.js';
import type { Asker, ChatUser } from '../core/chat-user.js';
import type { DigestDesk } from '../core/digest-desk.js';
import { PersonShareSpentError } from '../budget/person-share.js';
import { shareSpentReply } from './failure-reply.js';
import { helpReply } from '../commands/help.js';
import { checkOptions } from '../commands/parse-command.js';
import { keepPrivate, textReply, type Reply } from '../core/reply.js';
import type { CommandRequest, JobResult } from './club-queue.js';
import type { BotRole } from '../core/roles.js';
import type { LinkLock } from '../access/link-lock.js';
import type { WelfareHerald } from '../welfare/welfare-herald.js';
import type { CodeOfConductReading } from '../cache/read-code-of-conduct.js';

/** What running a command needs: the registry, the policy, the data and the clock. */
export interface CommandRunnerDeps {
  registry: readonly CommandDefinition[];
  policy: AccessPolicy;
  /** The club's data as one person's command reads it (their own share is spent on cold reads). */
  dataFor(user: ChatUser): ClubData;
  resolveAsker: AskerResolver;
  quota(): Promise<QuotaReport>;
  audit: AuditTrail;
  timezone: string;
  /** The clock. Default: the real one. */
  now?(): Date;
  /** /digest's desk for a command and its asker. Default: none (digests are not offered). */
  digestsFor?(request: CommandRequest, asker: Asker): DigestDesk;
  /** The stored links, for /link. Default: none (links cannot be changed from chat). */
  links?: Pick<MemberLinks, 'get' | 'set' | 'list' | 'remove'>;
  /** Runs one change of the links at a time. Default: as they come. */
  linkLock?: LinkLock;
  /** The roles a link involves, for /link's limits. Default: none known. */
  linkedRolesOf?(user: ChatUser, memberGuid: string): Promise<BotRole[]>;
  /** Tells the club's welfare officers at once. Default: none (nobody is told). */
  welfare?: WelfareHerald;
  /** `CLUB_REPORTS_MEMBER`: whom reports from people the bot cannot link are filed under. */
  reportsMember?: string;
  /** The host's codes of conduct, for /checks. Default: none (the check is left out). */
  codeOfConduct?: () => Promise<CodeOfConductReading>;
}

/** A command's reply, its outcome, and the audit record of the personal data it shows. */
export interface CommandOutcome {
  reply: Reply;
  outcome: JobResult['outcome'];
  /** Recorded with the reply, when the reply goes out (see `ReplyOutbox.put`). */
  audit?: AuditEntry;
}

/**
 * Runs one command in the worker: find it, check its options, decide the asker's roles and check
 * them again (the adapter checked before enqueueing), run the handler, keep personal data private.
 */
export async function runCommand(
  request: CommandRequest,
  deps: CommandRunnerDeps,
): Promise<CommandOutcome> {
  const command = deps.registry.find(
    (candidate) =>
      candidate.name === request.command && offeredOn(candidate, request.user.platform),
  );
  if (!command) {
    const offered = deps.registry.filter((other) => offeredOn(other, request.user.platform));
    return { reply: helpReply(offered, () => true), outcome: 'refused' };
  }
  if (command.kind === 'form') {
    return { reply: textReply(`Use /${command.name} to open its form.`), outcome: 'refused' };
  }
  const parsed = checkOptions(command, request.options);
  if (!parsed.ok) return { reply: parsed.reply, outcome: 'refused' };

  const asker = await deps.resolveAsker(request.user);
  if (!mayRun(asker, command, deps.policy)) {
    const contacts = await contactsOf(deps.dataFor(request.user), deps.policy);
    return {
      reply: refusalReply(command, rolesFor(command, deps.policy), asker, contacts),
      outcome: 'refused',
    };
  }
  let reply: Reply;
  try {
    reply = await handle(command, parsed.options, asker, request, deps);
  } catch (error) {
    if (!(error instanceof PersonShareSpentError)) throw error;
    return { reply: shareSpentReply(error, deps.timezone), outcome: 'refused' };
  }
  if (!(command.personalData || reply.personalData)) return { reply, outcome: 'answered' };
  // Every reply that shows personal data is recorded: who asked, when, whose records, which fields.
  const { audit, ...shown } = keepPrivate(reply);
  if (command.audited === false) return { reply: shown, outcome: 'answered' };
  return {
    reply: shown,
    outcome: 'answered',
    audit: {
      at: (deps.now?.() ?? new Date()).getTime(),
      askedBy: `${request.user.platform}:${request.user.userId}`,
      askerMember: asker.memberGuid,
      command: command.name,
      members: audit?.members ?? [],
      fieldGroups: audit?.fieldGroups ?? [],
    },
  };
}

/** Runs the handler with everything a command may read. */
function handle(
  command: QueryCommand,
  options: Record<string, string>,
  asker: Asker,
  request: CommandRequest,
  deps: CommandRunnerDeps,
): Promise<Reply> {
  return command.handle({
    options,
    asker,
    data: deps.dataFor(request.user),
    now: deps.now?.() ?? new Date(),
    timezone: deps.timezone,
    quota: deps.quota,
    auditTrail: (query) => deps.audit.read(query),
    // Made when a command reads it (/digest's do), not for every command.
    get digests() {
      return deps.digestsFor?.(request, asker);
    },
    links: deps.links,
    contacts: () => contactsOf(deps.dataFor(request.user), deps.policy, deps.reportsMember),
    linkedRolesOf: deps.linkedRolesOf,
    exclusiveLinks: deps.linkLock,
    codeOfConduct: deps.codeOfConduct,
    ...(deps.welfare ? { tellWelfare: tellWelfareOf(deps.welfare, request) } : {}),
    mayRun: (name) => {
      const other = deps.registry.find((candidate) => candidate.name === name);
      return other !== undefined && mayRun(asker, other, deps.policy);
    },
  });
}

/** Telling the welfare officers from a command: once per command, never the asker themself. */
function tellWelfareOf(herald: WelfareHerald, request: CommandRequest) {
  return (notice: Reply) => herald.tell(`command:${request.id}`, notice, { except: request.user });
}

/** Who can help, from the cached members and roles; none when they cannot be read (names are a courtesy). */
export function contactsOf(
  data: Pick<ClubData, 'members' | 'roles'>,
  policy: AccessPolicy,
  reportsMember?: string,
): Promise<ClubContacts | undefined> {
  return readContacts(data, { patterns: policy.rolePatterns, reportsMember }).catch(
    () => undefined,
  );
}
