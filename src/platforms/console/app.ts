import { randomUUID } from 'node:crypto';
import type { ChatUser } from '../../core/chat-user.js';
import {
  validateForm,
  type FormDefinition,
  type FormId,
  type FormValues,
} from '../../core/form.js';
import type { Reply } from '../../core/reply.js';
import type { Dispatcher } from '../../dispatch/create-dispatcher.js';
import { TemporarilyUnavailableError } from '../../errors.js';
import { confirmFiling, describeDraft, fillForm } from './fill-form.js';
import { mapCommandLine } from './map-request.js';
import { escapeTerminal } from './escape-terminal.js';
import { renderReply } from './render-reply.js';
import type { ConsoleSink } from './reply-sink.js';

/** Options for {@link createConsoleChat}. */
export interface ConsoleChatOptions {
  dispatcher: Dispatcher;
  sink: ConsoleSink;
  user: ChatUser;
  /** Asks one question; undefined when the input has ended. */
  ask(question: string): Promise<string | undefined>;
  print(text: string): void;
  /** How long to wait for the worker's answer. Default: 60 s. */
  replyTimeoutMs?: number;
  /** How long an answer may take before "Working on it…" is shown. Default: 1.5 s. */
  slowNoticeMs?: number;
}

/** The terminal chat: the same dispatcher, queue and worker as Slack and Discord. */
export interface ConsoleChat {
  /** Runs one line ("/session tue"), forms included; resolves when its answer has been shown. */
  run(line: string): Promise<void>;
}

/** A reply that only says the work waits for budget is not the end of a conversation. */
const isFinal = (reply: Reply) => reply.interim !== true;

export function createConsoleChat(options: ConsoleChatOptions): ConsoleChat {
  const { dispatcher, sink, user, print } = options;
  const timeoutMs = options.replyTimeoutMs ?? 60_000;
  const slowMs = options.slowNoticeMs ?? 1_500;
  const prompter = { ask: options.ask, print };

  /** Shows the answers of a conversation; `notice` only if the first is slow to come. */
  async function awaitAnswer(conversationId: string, notice: string): Promise<Reply | undefined> {
    let last: Reply | undefined;
    const slow = setTimeout(() => print(notice), slowMs);
    const answered = await sink.waitFor(conversationId, isFinal, timeoutMs, (reply) => {
      clearTimeout(slow);
      last = reply;
      print(renderReply(reply));
    });
    clearTimeout(slow);
    if (!answered)
      print('(no answer yet: the worker is still on it; it will show up here when it comes)');
    return answered ? last : undefined;
  }

  /** Asks the form (`only` the fields in error when it comes back), checks it, files it once confirmed. */
  async function runForm(
    form: FormDefinition,
    formId: FormId,
    typed: FormValues = {},
    only?: readonly string[],
  ): Promise<void> {
    if (!only) {
      print(
        `${form.title}: answer each question (Enter keeps the value in [brackets]; cancel leaves the form).`,
      );
      if (form.notice) print(form.notice);
    }
    let filled = await fillForm(prompter, form, typed, only);
    while (filled.kind === 'filled') {
      const checked = validateForm(form, filled.values);
      if (checked.ok) {
        if (!(await confirmFiling(prompter, form, checked.values)))
          return print('Not filed: nothing was sent, and what is shown above was discarded.');
        return submit(formId, randomUUID(), checked.values, false);
      }
      // Each answer was checked as it was given: only a rule across fields gets here.
      print(problems(checked.errors));
      filled = await fillForm(prompter, form, checked.values, Object.keys(checked.errors));
    }
    const draft = describeDraft(form, filled.values);
    const discarded = draft ? ` Discarded: ${escapeTerminal(draft)}.` : '';
    print(
      filled.kind === 'cancelled'
        ? `Cancelled: nothing was filed.${discarded}`
        : `The form was left unfinished; nothing was sent.${discarded}`,
    );
  }

  /** Sends a checked form; when the answer asks whether to file a likely duplicate, asks the person. */
  async function submit(
    formId: FormId,
    key: string,
    values: FormValues,
    confirmed: boolean,
  ): Promise<void> {
    const conversationId = randomUUID();
    const replyTo = { platform: 'console' as const, conversationId };
    const input = { id: conversationId, key, form: formId, values, confirmed };
    const result = await dispatcher.submitForm(input, user, replyTo);
    if (result.kind === 'reply') return print(renderReply(result.reply));
    // Checked here already: only a form that changed since it was asked (roles, the day) fails.
    if (result.kind === 'invalid') {
      print(problems(result.errors));
      return runForm(result.form, formId, result.values, Object.keys(result.errors));
    }
    const answer = await awaitAnswer(conversationId, 'Filing it with the club…');
    const duplicate = answer?.actions?.find((action) => action.kind === 'confirm-form');
    if (!duplicate?.form) return;
    const again = (await options.ask('File it anyway? (yes/no) '))?.trim().toLowerCase();
    if (again !== 'yes' && again !== 'y') return print('Not filed: nothing was sent.');
    await submit(duplicate.form.id, `${key}:confirmed`, duplicate.form.values, true);
  }

  return {
    async run(line) {
      if (line.trim() === '') return;
      const mapped = mapCommandLine(line, { id: randomUUID(), user });
      if (!mapped) return print('Commands start with a slash, e.g. /help');
      const { input, replyTo } = mapped;
      try {
        const result = await dispatcher.command(input, user, replyTo);
        if (result.kind === 'reply') return print(renderReply(result.reply));
        if (result.kind === 'form') return await runForm(result.form, result.command.form);
        await awaitAnswer(replyTo.conversationId, 'Working on it…');
      } catch (error) {
        if (error instanceof TemporarilyUnavailableError) return print(error.message);
        throw error;
      }
    },
  };
}

const problems = (errors: Record<string, string>) =>
  Object.values(errors)
    .map((error) => `! ${error}`)
    .join('\n');
