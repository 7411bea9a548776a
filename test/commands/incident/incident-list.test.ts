import { describe, expect, it } from 'vitest';
import { parseCommandText } from '../../../src/commands/parse-command.js';
import { registry } from '../../../src/commands/registry.js';
import { memoryClubData } from '../../support/memory-club-data.js';
import { askerWith, run, tableRows } from '../command-context.js';

const welfare = askerWith(['welfare']);

describe('/incident list', () => {
  it('when welfare asks without a status, then every incident not closed is listed, newest first', async () => {
    const club = memoryClubData();
    const reply = await run('incident list', { data: club.data, asker: welfare });
    const notClosed = club.incidents.filter((i) => i.status !== 'Closed');
    expect(tableRows(reply)).toHaveLength(notClosed.length);
    expect(tableRows(reply).map((row) => row[2])).not.toContain('Closed');
    const references = tableRows(reply).map((row) => row[4]);
    const newestFirst = [...notClosed]
      .sort((a, b) => b.date.localeCompare(a.date))
      .map((i) => i.guid.slice(0, 8));
    expect(references).toEqual(newestFirst);
    expect(reply.personalData).toBe(true);
    expect(reply.visibility).toBe('asker');
  });

  it('when welfare asks for open incidents, then only open ones are listed with title, date, status, reporter and reference', async () => {
    const club = memoryClubData();
    club.incidents.push({
      guid: 'inc-open',
      title: 'Gate left open',
      date: '2026-03-01',
      status: 'Open',
      addedBy: [{ firstName: 'Rebecca', knownAs: 'Becky', lastName: 'Collins' }],
      comments: [],
    });
    const parsed = parseCommandText(registry, '/incident', 'list open');
    if (!parsed.ok) throw new Error('expected to parse');
    const reply = await run('incident list', {
      data: club.data,
      asker: welfare,
      options: parsed.options,
    });
    const open = club.incidents.filter((i) => i.status === 'Open');
    expect(tableRows(reply)).toHaveLength(open.length);
    const first = open[0];
    if (!first) throw new Error('the seeded club has no open incident');
    const reporter = first.addedBy[0];
    expect(tableRows(reply)).toContainEqual([
      first.title,
      expect.stringMatching(/^\w{3} \d{1,2} \w{3}( \d{4})?$/),
      'Open',
      `${reporter?.knownAs ?? reporter?.firstName} ${reporter?.lastName}`,
      first.guid.slice(0, 8),
    ]);
  });

  it('when there are no incidents with the status, then the reply says so', async () => {
    const club = memoryClubData();
    club.incidents.splice(0);
    const reply = await run('incident list', {
      data: club.data,
      asker: welfare,
      options: { status: 'On Hold' },
    });
    expect(reply.sections?.[0]).toEqual({ kind: 'text', text: 'There are no On Hold incidents.' });
  });

  it('when "in progress" is typed in two words, then it is read as the In Progress status', () => {
    const parsed = parseCommandText(registry, '/incident', 'list in progress');
    expect(parsed.ok && parsed.options).toEqual({ status: 'In Progress' });
  });
});
