import { randomUUID } from 'node:crypto';
import type { ChatUser } from '../../commands/chat-user.js';
import type { FormDefinition, FormField, FormValues } from '../../commands/form.js';
import type { Reply } from '../../commands/reply.js';
import type { Dispatcher } from '../../dispatch/create-dispatcher.js';
import { TemporarilyUnavailableError } from '../../dispatch/temporarily-unavailable-error.js';
import { mapCommandLine } from './map-request.js';
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

  async function awaitAnswer(conversationId: string): Promise<void> {
    const answered = await sink.waitFor(conversationId, isFinal, timeoutMs, (reply) =>
      print(renderReply(reply)),
    );
    if (!answered)
      print('(no answer yet: the worker is still on it; it will show up here when it comes)');
  }

  async function fill(
    form: FormDefinition,
    typed: FormValues,
    only?: readonly string[],
  ): Promise<FormValues | undefined> {
    const values = { ...typed };
    for (const field of form.fields) {
      if (only && !only.includes(field.id)) continue;
      const answer = await options.ask(question(field, values[field.id]));
      if (answer === undefined) return undefined;
      values[field.id] =
        answer.trim() === '' ? (values[field.id] ?? field.defaultValue ?? '') : answer;
    }
    return values;
  }

  async function runForm(
    form: FormDefinition,
    formId: Parameters<Dispatcher['submitForm']>[0]['form'],
  ) {
    print(`${form.title} — answer each question; press Enter to keep the value in [brackets].`);
    const key = randomUUID();
    let values = await fill(form, {});
    for (let round = 0; values && round < 3; round += 1) {
      const conversationId = randomUUID();
      const result = await dispatcher.submitForm(
        { id: conversationId, key, form: formId, values },
        user,
        {
          platform: 'console',
          conversationId,
        },
      );
      if (result.kind === 'reply') return print(renderReply(result.reply));
      if (result.kind === 'queued') {
        print('Sent. Filing it with the club…');
        return awaitAnswer(conversationId);
      }
      print(
        Object.values(result.errors)
          .map((error) => `! ${error}`)
          .join('\n'),
      );
      values = await fill(result.form, result.values, Object.keys(result.errors));
    }
    print(
      values
        ? 'The form still has problems; nothing was sent. What you typed is above.'
        : 'The form was left unfinished; nothing was sent.',
    );
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
        print('Working on it…');
        await awaitAnswer(replyTo.conversationId);
      } catch (error) {
        if (error instanceof TemporarilyUnavailableError) return print(error.message);
        throw error;
      }
    },
  };
}

function question(field: FormField, current: string | undefined): string {
  const shown = current ?? field.defaultValue;
  const parts = [
    field.label,
    field.required ? '' : ' (optional)',
    field.choices ? ` (${field.choices.join(' / ')})` : '',
    shown ? ` [${shown}]` : '',
  ];
  return `${parts.join('')}: `;
}
