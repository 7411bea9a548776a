import { describe, expect, it } from 'vitest';
import { checkOptions, parseCommandText } from '../../src/commands/parse-command.js';
import { findCommand, registry } from '../../src/commands/registry.js';
import { replyToPlainText } from '../../src/commands/reply.js';

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

  it('when "/session" is typed without a day, then the command’s own help says what it needs', () => {
    const parsed = parseCommandText(registry, '/session', '');
    if (parsed.ok) throw new Error('expected help');
    expect(parsed.reply.title).toBe('/session');
    expect(replyToPlainText(parsed.reply)).toContain('Usage: /session <when>');
  });

  it('when "/session Tuesday Development" is typed, then the whole rest is the option', () => {
    const parsed = parseCommandText(registry, '/session', 'Tuesday Development');
    expect(parsed.ok && parsed.options).toEqual({ when: 'Tuesday Development' });
  });

  it('when "/sessions funday" is typed, then the command’s help lists the weekdays', () => {
    const parsed = parseCommandText(registry, '/sessions', 'funday');
    if (parsed.ok) throw new Error('expected help');
    const text = replyToPlainText(parsed.reply);
    expect(text).toContain('"funday" is not a weekday /sessions knows.');
    expect(text).toContain('Monday, Tuesday, Wednesday, Thursday, Friday, Saturday, Sunday');
  });

  it('when "/sessions tue" or "Thurs" is typed, then the one weekday it starts is read', () => {
    expect(parseCommandText(registry, '/sessions', 'tue')).toMatchObject({
      ok: true,
      options: { weekday: 'Tuesday' },
    });
    expect(parseCommandText(registry, '/sessions', 'Thurs')).toMatchObject({
      ok: true,
      options: { weekday: 'Thursday' },
    });
  });

  it('when "/sessions t" could be two weekdays, then the command’s help is shown', () => {
    expect(parseCommandText(registry, '/sessions', 't').ok).toBe(false);
  });

  it('when "/sessions tuesday" is typed in any case, then the weekday choice is read', () => {
    const parsed = parseCommandText(registry, '/sessions', 'tuesday');
    expect(parsed.ok && parsed.options).toEqual({ weekday: 'Tuesday' });
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
