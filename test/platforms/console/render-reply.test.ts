import { describe, expect, it } from 'vitest';
import { renderReply } from '../../../src/platforms/console/render-reply.js';

describe('terminal rendering', () => {
  it('shows hostile names as text: escape sequences and control characters are removed', () => {
    const text = renderReply({
      title: 'Who\u001b[2J\u001b[31ms who',
      sections: [{ kind: 'list', items: ['<!channel> @everyone \u0007Bell\u0000'] }],
      visibility: 'channel',
      personalData: false,
    });
    for (const control of ['\u0000', '\u0007', '\u001b', '\u007f'])
      expect(text).not.toContain(control);
    expect(text).toContain('<!channel> @everyone');
    expect(text).toContain('Whos who');
  });

  it('lays a table out in columns and marks personal replies', () => {
    const text = renderReply({
      sections: [
        {
          kind: 'table',
          columns: ['Swimmer', 'Last attended'],
          rows: [
            ['Ann', 'Tue'],
            ['Benjamin', 'Mon'],
          ],
        },
      ],
      visibility: 'asker',
      personalData: true,
    });
    expect(text).toContain('  Swimmer   Last attended');
    expect(text).toContain('  Benjamin  Mon');
    expect(text).toContain('(only you can see this)');
  });

  it('keeps the note on private replies to answers, not to errors and warnings', () => {
    const refusal = renderReply({
      sections: [{ kind: 'text', text: 'Title: is required.' }],
      visibility: 'asker',
      personalData: true,
      tone: 'warning',
    });
    expect(refusal).not.toContain('only you can see this');
  });

  it('shows a follow-up command as what to type, since a terminal has no buttons', () => {
    const text = renderReply({
      title: 'Tuesday: 2 sessions',
      visibility: 'asker',
      personalData: false,
      actions: [
        { id: 'a', label: 'Tue 17:30', kind: 'run-command', command: 'session', args: 'Tue 17:30' },
      ],
    });
    expect(text).toContain('→ /session Tue 17:30');
  });
});
