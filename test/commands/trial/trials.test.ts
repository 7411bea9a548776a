import { describe, expect, it } from 'vitest';
import { memoryClubData } from '../../support/memory-club-data.js';
import { askerWith, firstTable, run, tableRows } from '../command-context.js';

const secretary = askerWith(['membership']);

describe('/trials', () => {
  it('when the membership secretary asks, then trial requests are listed newest first with ages', async () => {
    const club = memoryClubData();
    const reply = await run('trials', { data: club.data, asker: secretary });
    const table = firstTable(reply);
    expect(table.columns).toEqual(['Name', 'Born', 'Age', 'Email', 'Added']);
    const newest = [...club.trialRequests].sort((a, b) =>
      (b.dateAdded ?? '').localeCompare(a.dateAdded ?? ''),
    )[0];
    expect(table.rows[0]?.[0]).toBe(`${newest?.firstName} ${newest?.lastName}`);
    expect(table.rows[0]?.[2]).toMatch(/^\d+$/);
    expect(reply.personalData).toBe(true);
    expect(reply.visibility).toBe('asker');
  });

  it('when there are none, then the reply says so', async () => {
    const club = memoryClubData();
    club.trialRequests.splice(0);
    const reply = await run('trials', { data: club.data, asker: secretary });
    expect(reply.sections?.[0]).toEqual({ kind: 'text', text: 'There are no trial requests.' });
  });
});

describe('/waitinglist', () => {
  it('when the membership secretary asks, then the waiting list is in date-added order with positions', async () => {
    const club = memoryClubData();
    const reply = await run('waitinglist', { data: club.data, asker: secretary });
    const table = firstTable(reply);
    const inOrder = [...club.waitingList].sort((a, b) =>
      (a.dateAdded ?? '').localeCompare(b.dateAdded ?? ''),
    );
    expect(table.rows.map((row) => row[0])).toEqual(
      inOrder.map((p, i) => `${i + 1}. ${p.firstName} ${p.lastName}`),
    );
    expect(reply.personalData).toBe(true);
  });

  it('when a date of birth on file is in the future, then no negative age is shown', async () => {
    const club = memoryClubData();
    const [first] = club.waitingList;
    if (!first) throw new Error('the seeded club has nobody waiting');
    first.dateOfBirth = '2031-01-01';
    const reply = await run('waitinglist', { data: club.data, asker: secretary });
    const ages = tableRows(reply).map((row) => row[2]);
    expect(ages.some((age) => age?.startsWith('-'))).toBe(false);
  });
});
