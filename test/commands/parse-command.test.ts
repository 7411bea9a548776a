import { describe, expect, it } from 'vitest';
import { checkOptions, parseCommandText } from '../../src/commands/parse-command.js';
import { findCommand, registry } from '../../src/commands/registry.js';
import { replyToPlainText } from '../../src/core/reply.js';

describe('reading slash commands', () => {
  it('when "/incident list open" is typed, then it is incident list with status Open', () => {
    const parsed = parseCommandText(registry, '/incident', 'list open');
    expect(parsed.ok && parsed.command.name).toBe('incident list');
    expect(parsed.ok && parsed.options).toEqual({ status: 'Open' });
  });

  it('when "/incident new" is typed, then it is the form command', () => {
    const parsed = parseCommandText(registry, '/incident', 'new');
    expect(parsed.ok && parsed.command.kind).toBe('form');
  });

  it('when "/incident bogus" is typed, then the reply lists what /incident can do', () => {
    const parsed = parseCommandText(registry, '/incident', 'bogus');
    if (parsed.ok) throw new Error('expected help');
    const text = replyToPlainText(parsed.reply);
    expect(text).toContain('"bogus" is not something /incident can do.');
    expect(text).toContain('/incident new');
    expect(text).toContain('/incident list');
  });

  it('when "/session" is typed without a day, then it is run for the asker’s next session', () => {
    const parsed = parseCommandText(registry, '/session', '');
    expect(parsed.ok && parsed.options).toEqual({});
  });

  it('when "/session Tuesday Development" is typed, then the whole rest is the option', () => {
    const parsed = parseCommandText(registry, '/session', 'Tuesday Development');
    expect(parsed.ok && parsed.options).toEqual({ when: 'Tuesday Development' });
  });

  it('when "/sessions tonight" is typed, then the whole rest is the option', () => {
    expect(parseCommandText(registry, '/sessions', 'thursday evening')).toMatchObject({
      ok: true,
      options: { when: 'thursday evening' },
    });
  });

  it('when "/member Jane Smith" is typed, then the name is the whole rest', () => {
    const parsed = parseCommandText(registry, '/member', 'Jane Smith');
    expect(parsed.ok && parsed.options).toEqual({ name: 'Jane Smith' });
  });

  it('when a button runs /member with a Guid, then the option checks pass', () => {
    const member = findCommand('member');
    if (!member) throw new Error('no member');
    expect(checkOptions(member, { name: '6c18076f-8b72-433f-b0c9-5b8ad261bf0c' }).ok).toBe(true);
  });
});

describe('mistyped commands', () => {
  const replyTo = (slash: string, text = '') => {
    const parsed = parseCommandText(registry, slash, text);
    if (parsed.ok) throw new Error(`expected ${slash} ${text} to be refused`);
    return replyToPlainText(parsed.reply);
  };

  it('when /whosho is typed, then the answer is "did you mean /whoswho?", not the whole list', () => {
    const text = replyTo('/whosho');
    expect(text).toContain('Did you mean /whoswho?');
    expect(text).not.toContain('/incident new');
    expect(text.split('\n').length).toBeLessThanOrEqual(2);
  });

  it('when /foo is typed, then it says it is not a command and points to /help, without listing them all', () => {
    const text = replyTo('/foo');
    expect(text).toContain('/foo is not a command. /help lists the ones you may run.');
    expect(text).not.toContain('/whoswho');
  });

  it('when /incident nwe is typed, then the answer is "did you mean /incident new?"', () => {
    expect(replyTo('/incident', 'nwe')).toContain('Did you mean /incident new?');
  });

  it('when /waitinglist ad is typed, then the answer is "did you mean /waitinglist add?"', () => {
    expect(replyTo('/waitinglist', 'ad')).toContain('Did you mean /waitinglist add?');
  });

  it.each([
    ['/waitinglist', 'new', 'waitinglist add'],
    ['/trial', 'add', 'trial new'],
    ['/incident', 'add', 'incident new'],
  ])('when %s %s is typed, then add and new mean the same: it is /%s', (slash, text, name) => {
    const parsed = parseCommandText(registry, slash, text);
    expect(parsed.ok && parsed.command.name).toBe(name);
  });
});
