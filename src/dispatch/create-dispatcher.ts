import { mayRun, rolesFor, type AccessPolicy, type RateLimit } from '../access/access-policy.js';
import type { AskerPeek } from '../access/asker.js';
import type { ContactsPeek } from '../access/peek-contacts.js';
import { refusalReply } from '../access/refusal-reply.js';
import type { Asker, ChatUser } from '../core/chat-user.js';
import type { ClubData } from '../core/club-data.js';
import { offeredOn, type CommandDefinition, type FormCommand } from '../core/command.js';
import { formCommands } from '../commands/form-commands.js';
import { validateForm, type FormDefinition, type FormId, type FormValues } from '../core/form.js';
import { checkOptions, parseCommandText, type ParsedCommand } from '../commands/parse-command.js';
import { textReply, type Reply } from '../core/reply.js';
import type { ClubQueue } from '../jobs/club-queue.js';
import type { ReplyAddress } from '../delivery/reply-address.js';
import { withinOrUnavailable } from '../errors.js';

/** A command as a platform received it: as text (Slack, console) or as named options (Discord). */
export type CommandInput =
  | { id: string; slash: string; text: string }
  | { id: string; name: string; options: Record<string, string> };

/** What the adapter does next. */
export type DispatchResult =
  /** Answer now (help, a refusal, a mistyped option): nothing was enqueued. */
  | { kind: 'reply'; reply: Reply }
  /** Enqueued: acknowledge with "working on it"; the worker replies. */
  | { kind: 'queued'; command: CommandDefinition; personalData: boolean }
  /** Show this form (its trigger expires in 3 s, so the adapter opens it at once). */
  | { kind: 'form'; command: FormCommand; form: FormDefinition };

export type SubmitResult =
  | { kind: 'queued' }
  | { kind: 'invalid'; errors: Record<string, string>; values: FormValues; form: FormDefinition }
  | { kind: 'reply'; reply: Reply };

export interface Dispatcher {
  command(input: CommandInput, user: ChatUser, replyTo: ReplyAddress): Promise<DispatchResult>;
  /** Validates a submitted form with the spec's rules and enqueues it under its idempotency key. */
  submitForm(
    input: {
      id: string;
      key: string;
      form: FormId;
      values: Record<string, unknown>;
      /** The person saw that it may already be on file and wants it filed all the same. */
      confirmed?: boolean;
    },
    user: ChatUser,
    replyTo: ReplyAddress,
  ): Promise<SubmitResult>;
}

/** Options for {@link createDispatcher}. */
export interface DispatcherOptions {
  registry: readonly CommandDefinition[];
  policy: AccessPolicy;
  queue: Pick<ClubQueue, 'enqueueCommand' | 'enqueueForm'>;
  peekAsker: AskerPeek;
  /** Who can help, from the cache, for refusals and form notices. Default: none (no names). */
  peekContacts?: ContactsPeek;
  timezone: string;
  now?: () => Date;
  /** How long Redis may take before the adapter says "temporarily unavailable". Default: 2000 ms. */
  redisTimeoutMs?: number;
  /** The per-person command limit. Default: none. */
  rateLimit?: RateLimit;
  /** Told how each command was handled and how long it took (the adapter's acknowledgement). */
  onDispatched?: (platform: string, kind: string, seconds: number) => void;
}

const slowDownReply = textReply(
  "You have asked a lot in the last minute, and the club's daily allowance of calls is shared by everyone. Please wait a minute and try again.",
  { tone: 'warning', title: 'One moment, please' },
);

/** Handlers answered in the adapter need no club data; this one says so if one asks. */
const noClubData = new Proxy({} as ClubData, {
  get() {
    throw new Error('Club data is read in the worker, not in the adapter.');
  },
});

/**
 * The platform-neutral front desk every adapter calls: parse, check permission, then answer at
 * once, open a form, or enqueue. Adapters only map their payloads in and render results out.
 */
export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const { registry, policy, queue, timezone } = options;
  const now = options.now ?? (() => new Date());
  const redisTimeoutMs = options.redisTimeoutMs ?? 2_000;
  const guest = (user: ChatUser): Asker => ({ user, roles: ['everyone'] });
  // Names are a courtesy: a slow or failing peek leaves them out rather than the answer.
  const contactsOrNone = () =>
    withinOrUnavailable(redisTimeoutMs, async () => options.peekContacts?.()).catch(
      () => undefined,
    );
  const formFor = async (
    command: FormCommand,
    asker: Asker | undefined,
    user: ChatUser,
    typed?: Record<string, string>,
  ) =>
    command.buildForm({
      asker: asker ?? guest(user),
      now: now(),
      timezone,
      contacts: await contactsOrNone(),
      ...(typed ? { options: typed } : {}),
    });
  const refuse = async (command: CommandDefinition, asker: Asker) =>
    refusalReply(command, rolesFor(command, policy), asker, await contactsOrNone());

  // A command another platform offers (/link is Discord's) is unknown here.
  const parse = (input: CommandInput, user: ChatUser): ParsedCommand => {
    const offered = registry.filter((command) => offeredOn(command, user.platform));
    if ('slash' in input) return parseCommandText(offered, input.slash, input.text);
    const command = offered.find((candidate) => candidate.name === input.name);
    return command
      ? checkOptions(command, input.options)
      : parseCommandText(offered, input.name, '');
  };

  const dispatcher: Dispatcher = {
    async command(input, user, replyTo) {
      const parsed = parse(input, user);
      if (!parsed.ok) return { kind: 'reply', reply: parsed.reply };
      const { command } = parsed;
      // Counting the command and reading who asks are independent: one round trip, not two.
      const [allowed, asker] = await withinOrUnavailable(redisTimeoutMs, () =>
        Promise.all([options.rateLimit?.(user) ?? true, options.peekAsker(user)]),
      );
      if (!allowed) return { kind: 'reply', reply: slowDownReply };
      if (asker && !mayRun(asker, command, policy))
        return { kind: 'reply', reply: await refuse(command, asker) };
      if (command.kind === 'form') {
        const form = await formFor(command, asker, user, parsed.options);
        // A form that could only be refused is not asked: its notice is the answer.
        if (form.refusal) {
          const title = `${form.title}: not possible here`;
          return { kind: 'reply', reply: textReply(form.refusal, { tone: 'warning', title }) };
        }
        return { kind: 'form', command, form };
      }
      if (!command.needsClub && asker) {
        const reply = await command.handle({
          options: parsed.options,
          asker,
          data: noClubData,
          now: now(),
          timezone,
          quota: () => Promise.reject(new Error('quota is read in the worker')),
          auditTrail: () => Promise.reject(new Error('the audit trail is read in the worker')),
          mayRun: (name) => {
            const other = registry.find((candidate) => candidate.name === name);
            return other !== undefined && mayRun(asker, other, policy);
          },
        });
        return { kind: 'reply', reply };
      }
      await withinOrUnavailable(redisTimeoutMs, () =>
        queue.enqueueCommand({
          id: input.id,
          command: command.name,
          options: parsed.options,
          user,
          replyTo,
          receivedAt: Date.now(),
        }),
      );
      return { kind: 'queued', command, personalData: command.personalData };
    },

    async submitForm(input, user, replyTo) {
      const command = formCommands[input.form];
      const asker = await withinOrUnavailable(redisTimeoutMs, () => options.peekAsker(user));
      if (asker && !mayRun(asker, command, policy))
        return { kind: 'reply', reply: await refuse(command, asker) };
      const form = await formFor(command, asker, user);
      const checked = validateForm(form, input.values);
      if (!checked.ok)
        return { kind: 'invalid', errors: checked.errors, values: checked.values, form };
      await withinOrUnavailable(redisTimeoutMs, () =>
        queue.enqueueForm({
          id: input.id,
          key: input.key,
          form: input.form,
          values: checked.values,
          ...(input.confirmed ? { confirmed: true } : {}),
          user,
          replyTo,
          receivedAt: Date.now(),
        }),
      );
      return { kind: 'queued' };
    },
  };
  if (!options.onDispatched) return dispatcher;
  const report = options.onDispatched;
  // Timed around the whole decision, so an error (Redis down) counts too.
  const timed =
    <A extends unknown[], R extends { kind: string }>(
      run: (...args: A) => Promise<R>,
      platformOf: (...args: A) => string,
    ) =>
    async (...args: A): Promise<R> => {
      const started = performance.now();
      try {
        const result = await run(...args);
        report(platformOf(...args), result.kind, (performance.now() - started) / 1000);
        return result;
      } catch (error) {
        report(platformOf(...args), 'unavailable', (performance.now() - started) / 1000);
        throw error;
      }
    };
  return {
    command: timed(dispatcher.command, (_input, user) => user.platform),
    submitForm: timed(dispatcher.submitForm, (_input, user) => user.platform),
  };
}
